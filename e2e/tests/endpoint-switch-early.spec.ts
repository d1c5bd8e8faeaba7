import { expect, signUp, test } from '../support/chat-fixtures';
import { toolsButton } from '../support/plugins';

// An endpoint picked while the model lists are still on their way (a slow provider, a busy server) is applied
// when they arrive — it was once dropped without a word, and the plugins journey failed in CI for it.
test('an endpoint picked before the model lists arrive is applied when they do', async ({ page }) => {
  let releaseModels = () => {};
  const modelsHeld = new Promise<void>((resolve) => {
    releaseModels = resolve;
  });
  let modelsAsked = false;
  await page.route('**/api/models', async (route) => {
    modelsAsked = true;
    await modelsHeld;
    await route.continue();
  });

  await signUp(page);
  await expect.poll(() => modelsAsked).toBe(true);
  await page.getByRole('button', { name: /^Endpoint:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Plugins' }).click();
  await expect(toolsButton(page)).toBeHidden();

  releaseModels();
  await expect(toolsButton(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Endpoint:/ })).toHaveAccessibleName(/Plugins/);
});
