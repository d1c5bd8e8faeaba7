import { expect, snapshot, test, VIEWPORTS } from '../support/fixtures';

test.describe('a stranger', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`visiting / ends on /login (${size}, ${colorScheme})`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto('/');
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/);
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
