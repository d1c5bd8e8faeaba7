import { expect, snapshot, test, VIEWPORTS } from '../support/fixtures';
import { expectApart, expectNoSidewaysScroll, expectShown } from '../support/layout';

test.describe('a stranger', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`visiting / ends on /login (${size}, ${colorScheme})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto('/');
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
        // What the picture shows: the login form's fields and button, each in view and apart.
        const email = page.getByLabel('Email address');
        const parts = [
          email,
          page.getByLabel('Password', { exact: true }),
          page.getByRole('button', { name: 'Log in' }),
        ];
        for (const part of parts) await expectShown(part);
        await expectApart(...parts);
        await expect(email).toBeEditable();
        await expectNoSidewaysScroll(page);
        await snapshot(page, `login-${size}-${colorScheme}`);
      });
    }
  }

  test('an unknown route renders the app, not an error page', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#root')).not.toBeEmpty();
    expect(errors).toEqual([]);
  });
});
