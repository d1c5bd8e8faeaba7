import type { Locator, Page } from '@playwright/test';
import { VIEWPORTS } from '../support/fixtures';
import { expect, signUp, test } from '../support/chat-fixtures';
import { usePluginsEndpoint } from '../support/plugins';

// The header's model select on a phone: the endpoint and tools menus shrink to their icons, so the model's
// name gets the free width (it was cut to "gpt-…" beside the plugins endpoint's tools menu).

const DATED = 'gpt-4o-mini-2024-07-18';
const MODELS = `gpt-4o,gpt-4o-mini,${DATED}`;
test.use({ parleyEnv: { OPENAI_MODELS: MODELS, PLUGIN_MODELS: MODELS } });

/** What a person sees of a label cut with an ellipsis: the text up to where the ellipsis starts. */
function visibleText(label: Locator): Promise<string> {
  return label.evaluate((element) => {
    const text = element.textContent ?? '';
    if (element.scrollWidth <= element.clientWidth) return text;
    const node = element.firstChild;
    if (!node) return '';
    // The ellipsis, drawn in the label's font (the e2e project has no DOM globals: the element's document).
    const document = element.ownerDocument;
    const probe = document.createElement('span');
    probe.textContent = '…';
    element.append(probe);
    const room = element.clientWidth - probe.getBoundingClientRect().width;
    probe.remove();
    const range = document.createRange();
    range.setStart(node, 0);
    let shown = 0;
    while (shown < text.length) {
      range.setEnd(node, shown + 1);
      if (range.getBoundingClientRect().width > room) break;
      shown += 1;
    }
    return text.slice(0, shown);
  });
}

const modelButton = (page: Page) => page.getByRole('button', { name: /^Model:/ });

async function chooseModel(page: Page, model: string): Promise<Locator> {
  await modelButton(page).click();
  await page.getByRole('option', { name: model, exact: true }).click();
  await expect(modelButton(page)).toHaveAccessibleName(`Model: ${model}`);
  return modelButton(page).locator('span').first();
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the model select shows the model's name beside the other menus (${size}, ${colorScheme})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signUp(page);
      // OpenAI: the whole name.
      expect(await visibleText(await chooseModel(page, 'gpt-4o-mini'))).toBe('gpt-4o-mini');

      // Plugins (endpoint, model and tools menus, parameters, presets): still the whole name.
      await usePluginsEndpoint(page);
      expect(await visibleText(await chooseModel(page, 'gpt-4o-mini'))).toBe('gpt-4o-mini');

      // A dated name longer than the room: its distinctive part stays, the date is what is cut.
      const dated = await visibleText(await chooseModel(page, DATED));
      expect(dated.startsWith('gpt-4o-mini')).toBe(true);
      if (size === 'desktop') expect(dated).toBe(DATED);
      const shots = process.env.PARLEY_SHOTS_DIR;
      if (shots) await page.screenshot({ path: `${shots}/header-plugins-${size}-${colorScheme}.png` });
    });
  }
}
