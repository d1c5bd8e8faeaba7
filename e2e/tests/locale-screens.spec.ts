import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { newAccount } from '../support/accounts';
import { expect, test as chatTest } from '../support/chat-fixtures';
import { snapshot, VIEWPORTS } from '../support/fixtures';
import { expectToastShown } from '../support/toasts';

// Issue 27: the screens whose texts were still English (the assistant builder, its knowledge and action
// editor, My files) in a right-to-left language and two others, at 375 and 1280 px in both colour schemes:
// no English on them, and in Hebrew the layout mirrored (the side panel on the left, labels at the right).
const test = chatTest.extend({
  parleyEnv: [{ ASSISTANTS_API_KEY: 'test', ASSISTANTS_BASE_URL: '{FAKE_URL}/v1' }, { scope: 'worker' }],
});

type Strings = Record<string, string>;

function strings(locale: string): Strings {
  const file = new URL(`../../web/src/locales/${locale}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Strings;
}

const english = strings('en-US');
/** Endpoint display names of SPEC §9 are names, the same in every language ("Assistants", "Plugins"). */
const ENDPOINT_NAMES = new Set(['OpenAI', 'Assistants', 'Plugins']);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A locale's text with its placeholders filled. */
function text(locale: Strings, key: string, values: Record<string, string> = {}): string {
  const value = locale[key];
  if (!value) throw new Error(`no ${key}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** Every text a person meets on the page: visible text nodes and the names and hints of shown controls. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.locator('body').evaluate((body) => {
    const document = body.ownerDocument;
    const view = document.defaultView;
    const texts = new Set<string>();
    const shown = (element: typeof body) => {
      if (element.closest('[aria-hidden="true"]')) return false;
      const style = view?.getComputedStyle(element);
      if (style?.visibility === 'hidden' || style?.display === 'none') return false;
      return element.getClientRects().length > 0 || element.closest('.sr-only') !== null;
    };
    // 4: NodeFilter.SHOW_TEXT (the e2e project has no DOM typings).
    const walker = document.createTreeWalker(body, 4);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent?.trim();
      const parent = node.parentElement;
      if (value && parent && !parent.closest('script,style') && shown(parent)) texts.add(value);
    }
    for (const element of body.querySelectorAll<typeof body>('[aria-label],[title],[placeholder],[alt]')) {
      if (!shown(element)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) texts.add(value);
      }
    }
    return [...texts];
  });
}

/** Fails with each English text on the screen whose locale text differs, named by its key. */
async function expectNoEnglish(page: Page, locale: Strings, screen: string): Promise<void> {
  const patterns = Object.entries(english)
    .filter(([key, value]) => locale[key] !== value && /\p{L}{3}/u.test(value))
    .map(([key, value]) => ({
      key,
      pattern: new RegExp(
        `^${value
          .split(/\{\{[^}]+\}\}/)
          .map(escape)
          .join('.+')}$`,
        'i',
      ),
    }));
  // A text that is the locale's own for some key is not English, whatever else it matches.
  const own = new Set(Object.values(locale));
  const texts = (await shownTexts(page)).filter((shown) => !ENDPOINT_NAMES.has(shown) && !own.has(shown));
  const found = texts.flatMap((shown) =>
    patterns
      .filter(({ pattern }) => pattern.test(shown))
      .map(({ key }) => `${JSON.stringify(shown)} (${key})`),
  );
  expect(found, `English on the ${screen} screen`).toEqual([]);
}

async function bothSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await snapshot(page, `${name}-${colorScheme}-${page.viewportSize()?.width ?? 0}`);
  }
}

/** The element lies wholly inside the viewport. */
async function expectWhollyInView(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
}

/** The text's first character is drawn left of its last one. */
async function readsLeftToRight(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const node = element.firstChild;
    if (!node?.textContent) throw new Error('no text');
    const range = element.ownerDocument.createRange();
    range.setStart(node, 0);
    range.setEnd(node, 1);
    const first = range.getBoundingClientRect().left;
    range.setStart(node, node.textContent.length - 1);
    range.setEnd(node, node.textContent.length);
    return range.getBoundingClientRect().left > first;
  });
}

const SPEC = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'Notes', version: '1' },
  servers: [{ url: 'http://127.0.0.1:4010' }],
  paths: { '/notes': { get: { operationId: 'listNotes', summary: 'List notes' } } },
});

for (const code of ['he-HE', 'de-DE', 'ja-JP']) {
  const locale = strings(code);
  const rtl = code === 'he-HE';

  test.describe(code, () => {
    test.use({ locale: code });

    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      const phone = size === 'mobile';

      test(`the assistant builder, its knowledge and action editor${phone ? '' : ' and My files'} at ${viewport.width} px`, async ({
        page,
      }) => {
        test.setTimeout(150_000);
        await page.setViewportSize(viewport);
        const account = newAccount(code);
        const response = await page.request.post('/api/auth/register', {
          data: { ...account, confirm_password: account.password },
        });
        expect(response.status(), await response.text()).toBe(200);
        await page.goto('/c/new');
        await expect(page.locator('html')).toHaveAttribute('lang', code);
        await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');

        // The message box takes the focus once the screen has loaded; a menu opened before that would close.
        await expect(
          page.getByRole('textbox', { name: text(locale, 'com_ui_message_input'), exact: true }),
        ).toBeFocused();
        const endpointPrefix = text(locale, 'com_ui_endpoint_current').trimEnd();
        await page.getByRole('button', { name: new RegExp(`^${escape(endpointPrefix)}`) }).click();
        await page.getByRole('menuitemradio', { name: /Assistants/ }).click();
        const createFirst = page.getByRole('button', { name: text(locale, 'com_assistants_create_first') });
        await expectWhollyInView(page, createFirst);
        await expectNoEnglish(page, locale, 'assistants stand-in');

        await createFirst.click();
        const builder = page.getByTestId('assistant-builder');
        await expect(builder).toBeVisible();
        if (phone) {
          const sheet = page.getByRole('dialog', { name: text(locale, 'com_assistants_builder') });
          expect(await sheet.boundingBox()).toEqual({ x: 0, y: 0, ...viewport });
        } else {
          // The side panel sits at the end of the line: the right in German and Japanese, the left in Hebrew.
          const panel = await page
            .getByRole('complementary', { name: text(locale, 'com_ui_side_panel') })
            .boundingBox();
          const middle = viewport.width / 2;
          if (rtl) expect(panel!.x + panel!.width).toBeLessThan(middle);
          else expect(panel!.x).toBeGreaterThan(middle);
        }
        // Labels start where the language starts: the right edge in Hebrew, the left edge otherwise.
        const name = builder.getByText(text(locale, 'com_ui_name'), { exact: true }).first();
        const [label, area] = [await name.boundingBox(), await builder.boundingBox()];
        const labelMiddle = label!.x + label!.width / 2;
        const areaMiddle = area!.x + area!.width / 2;
        if (rtl) expect(labelMiddle).toBeGreaterThan(areaMiddle);
        else expect(labelMiddle).toBeLessThan(areaMiddle);
        await expectNoEnglish(page, locale, 'assistant builder');
        await bothSchemes(page, `locale-${code}-builder`);

        await builder.getByLabel(text(locale, 'com_ui_name'), { exact: true }).fill('Orchard guide');
        await builder.getByRole('button', { name: text(locale, 'com_ui_create'), exact: true }).click();
        await expectToastShown(page, text(locale, 'com_assistants_create_success'));
        const knowledge = builder.getByRole('region', { name: text(locale, 'com_assistants_knowledge') });
        await expect(knowledge).toContainText(text(locale, 'com_assistants_knowledge_turns_on'));
        await knowledge.scrollIntoViewIfNeeded();
        await expectNoEnglish(page, locale, 'created assistant');
        await bothSchemes(page, `locale-${code}-builder-created`);

        await builder.getByRole('button', { name: text(locale, 'com_assistants_add_actions') }).click();
        const editor = page.getByTestId('action-editor');
        await editor.getByLabel(text(locale, 'com_assistants_schema')).fill(SPEC);
        await expect(editor.getByRole('cell', { name: 'listNotes' })).toBeVisible();
        // Code reads left to right in every language: the spec, an operation's path, the privacy policy URL.
        const schema = editor.getByLabel(text(locale, 'com_assistants_schema'));
        await expect(schema).toHaveCSS('direction', 'ltr');
        await expect(editor.getByLabel(text(locale, 'com_assistants_privacy_policy_url'))).toHaveCSS(
          'direction',
          'ltr',
        );
        expect(await readsLeftToRight(editor.getByRole('cell', { name: '/notes' }).getByText('/notes'))).toBe(
          true,
        );
        await expectNoEnglish(page, locale, 'action editor');
        await bothSchemes(page, `locale-${code}-action-editor`);

        if (!phone) {
          await page.getByRole('button', { name: account.name }).click();
          await page.getByRole('menuitem', { name: text(locale, 'com_nav_my_files') }).click();
          const dialog = page.getByRole('dialog', { name: text(locale, 'com_nav_my_files') });
          await expectWhollyInView(page, dialog);
          await expectNoEnglish(page, locale, 'My files');
          await bothSchemes(page, `locale-${code}-my-files`);
        }
      });
    }
  });
}
