import { newAccount, registerThroughForm, userMenuButton } from '../support/accounts';
import { expect, snapshot, test, VIEWPORTS } from '../support/fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';

/**
 * Screenshots of every auth screen, light and dark, 375px and 1280px wide, for people to look at; each
 * asserts what its picture shows (the words, each part whole in the window and apart, no sideways scroll).
 */
for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    const suffix = `${colorScheme}-${viewport.width}`;

    test(`auth screens (${size}, ${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });

      await page.goto('/login?error=auth_failed');
      await expect(page.getByRole('alert')).toHaveText(
        'Unable to login with the information provided. Please check your credentials and try again.',
      );
      const login = [
        page.getByRole('alert'),
        page.getByLabel('Email address'),
        page.getByLabel('Password', { exact: true }),
        page.getByRole('button', { name: 'Log in' }),
      ];
      for (const part of login) await expectShown(part);
      await expectApart(...login);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `auth-login-error-${suffix}`);

      await page.goto('/register');
      await page.getByLabel('Full name').fill('Al');
      await page.getByLabel('Email address').fill('al@example');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm password').fill('shorts');
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
      const register = [
        page.getByLabel('Full name'),
        page.getByLabel('Email address'),
        page.getByLabel('Password', { exact: true }),
        page.getByLabel('Confirm password'),
        page.getByText('Passwords do not match'),
        page.getByRole('button', { name: 'Create account' }),
      ];
      for (const part of register) await expectShown(part);
      await expectApart(...register);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `auth-register-errors-${suffix}`);

      // The shared server sends no email: the screen says whom to ask instead.
      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText(
        'This server does not send password reset emails. Ask its administrator to reset your password.',
      );
      const forgot = [
        page.getByRole('heading', { name: 'Reset your password' }),
        page.getByRole('status'),
        page.getByRole('link', { name: 'Back to login' }),
      ];
      for (const part of forgot) await expectShown(part);
      await expectApart(...forgot);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `auth-forgot-unavailable-${suffix}`);

      await page.goto('/reset-password');
      const missing = page.getByRole('alert').first();
      await expect(missing).toContainText('Unable to process: No valid reset token');
      const reset = page.getByRole('button', { name: 'Reset password' });
      await expect(reset).toBeDisabled();
      for (const part of [missing, reset]) await expectShown(part);
      await expectApart(missing, reset);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `auth-reset-missing-token-${suffix}`);

      await page.goto('/register');
      const user = newAccount('menu');
      await registerThroughForm(page, user);
      const menuButton = userMenuButton(page, user);
      if (size === 'mobile') await page.getByRole('button', { name: 'Open sidebar' }).click();
      await menuButton.click();
      const logOut = page.getByRole('menuitem', { name: 'Log out' });
      const settingsItem = page.getByRole('menuitem', { name: 'Settings' });
      await expect(logOut).toBeVisible();
      await expect(page.getByRole('menu')).toBeInViewport({ ratio: 1 });
      for (const part of [settingsItem, logOut]) await expectShown(part);
      await expectApart(settingsItem, logOut);
      await expectNoSidewaysScroll(page);
      await snapshot(page, `auth-user-menu-${suffix}`);
    });
  }
}
