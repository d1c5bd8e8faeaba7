import { newAccount, registerThroughForm, userMenuButton } from '../support/accounts';
import { expect, snapshot, test, VIEWPORTS } from '../support/fixtures';

/** Screenshots of every auth screen, light and dark, 375px and 1280px wide, for people to look at. */
for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    const suffix = `${colorScheme}-${viewport.width}`;

    test(`auth screens (${size}, ${colorScheme})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });

      await page.goto('/login?error=auth_failed');
      await expect(page.getByRole('alert')).toBeVisible();
      await snapshot(page, `auth-login-error-${suffix}`);

      await page.goto('/register');
      await page.getByLabel('Full name').fill('Al');
      await page.getByLabel('Email address').fill('al@example');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm password').fill('shorts');
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await snapshot(page, `auth-register-errors-${suffix}`);

      // The shared server sends no email: the screen says whom to ask instead.
      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await expect(page.getByRole('status')).toBeVisible();
      await snapshot(page, `auth-forgot-unavailable-${suffix}`);

      await page.goto('/reset-password');
      await expect(page.getByRole('alert').first()).toBeVisible();
      await snapshot(page, `auth-reset-missing-token-${suffix}`);

      await page.goto('/register');
      const user = newAccount('menu');
      await registerThroughForm(page, user);
      const menuButton = userMenuButton(page, user);
      if (size === 'mobile') await page.getByRole('button', { name: 'Open sidebar' }).click();
      await menuButton.click();
      await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
      await snapshot(page, `auth-user-menu-${suffix}`);
    });
  }
}
