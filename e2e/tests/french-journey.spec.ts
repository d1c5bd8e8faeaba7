import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { newAccount } from '../support/accounts';
import { expect, test } from '../support/chat-fixtures';
import { snapshot } from '../support/fixtures';

type Locale = Record<string, string>;

function locale(name: string): Locale {
  const file = new URL(`../../web/src/locales/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Locale;
}

const english = locale('en-US');
const french = locale('fr-FR');

/**
 * The English UI strings a French user must never meet: every en-US value whose French differs (the ones
 * the same in both, "Message" or "Options", are French too), as whole-text patterns (`{{x}}` matches
 * anything), plus texts that are not locale keys but were once shown as they are.
 */
const englishPatterns: { key: string; pattern: RegExp }[] = [
  ...Object.entries(english)
    .filter(([key, value]) => french[key] !== value && /[a-z]{2}/i.test(value))
    .map(([key, value]) => ({
      key,
      pattern: new RegExp(
        `^${value
          .split(/\{\{[^}]+\}\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+')}$`,
        'i',
      ),
    })),
  ...['New Chat', 'Today', 'Yesterday', 'Previous 7 days', 'Previous 30 days', 'Loading...', 'Send'].map(
    (text) => ({ key: `(literal) ${text}`, pattern: new RegExp(`^${text}$`, 'i') }),
  ),
];

/**
 * Every text a person meets on the page now: visible text nodes, and the names and hints of controls
 * (aria-label, title, placeholder, alt), which screen readers and tooltips show.
 */
async function visibleTexts(page: Page): Promise<string[]> {
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
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (text && parent && !parent.closest('script,style') && shown(parent)) texts.add(text);
    }
    for (const element of body.querySelectorAll<typeof body>('[aria-label],[title],[placeholder],[alt]')) {
      if (!shown(element)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) texts.add(value);
      }
    }
    texts.add(document.title);
    return [...texts];
  });
}

/** Fails with the English strings found on the screen, each with the locale key it came from. */
async function expectNoEnglish(page: Page, screen: string): Promise<void> {
  // A text that is French for some key ("Administration" for Admin) is not English, whatever else it matches.
  const frenchTexts = new Set(Object.values(french));
  const texts = (await visibleTexts(page)).filter((text) => !frenchTexts.has(text));
  if (process.env.DUMP_TEXTS) console.log(screen, JSON.stringify(texts));
  const found = texts.flatMap((text) =>
    englishPatterns
      .filter(({ pattern }) => pattern.test(text))
      .map(({ key }) => `${JSON.stringify(text)} (${key})`),
  );
  expect(found, `English on the ${screen} screen`).toEqual([]);
}

// The first reply gets a generated title (SPEC §4), as a new user would see it.
test.use({ locale: 'fr-FR', parleyEnv: { TITLE_CONVO: 'true' } });

test('a new French user signs up, chats, gets a title and exports without meeting English', async ({
  page,
  fake,
}) => {
  const account = newAccount('fr');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expectNoEnglish(page, 'login');

  await page.getByRole('link', { name: 'S’inscrire' }).click();
  await expect(page.getByRole('button', { name: 'Créer un compte' })).toBeVisible();
  await expectNoEnglish(page, 'sign-up');
  // A mistyped confirmation shows its message in French too.
  await page.getByLabel('Nom complet').fill(account.name);
  await page.getByLabel('Adresse e-mail').fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByLabel('Confirmer le mot de passe').fill(`${account.password}x`);
  await page.getByLabel('Adresse e-mail').click();
  await expectNoEnglish(page, 'sign-up with errors');
  await page.getByLabel('Confirmer le mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Créer un compte' }).click();

  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await expect(box).toBeVisible();
  await expect(box).toBeFocused();
  await expectNoEnglish(page, 'new chat');

  await fake.script({
    replies: [{ text: 'Paris est la capitale de la France.' }, { text: 'Capitale de la France' }],
  });
  await box.fill('Quelle est la capitale de la France ?');
  await box.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('article').nth(1)).toContainText('Paris est la capitale');
  await expect(page.getByRole('button', { name: 'Régénérer' })).toBeVisible();
  await expectNoEnglish(page, 'chat');

  const sidebar = page.getByRole('navigation', { name: 'Historique des discussions' });
  await expect(sidebar.getByRole('link', { name: 'Capitale de la France' })).toBeVisible();
  await expect(page).toHaveTitle('Capitale de la France');
  await expectNoEnglish(page, 'titled chat');
  await snapshot(page, 'french-journey-chat');

  await sidebar.getByRole('button', { name: 'Options de Capitale de la France' }).click();
  await expect(page.getByRole('menuitem', { name: 'Renommer' })).toBeVisible();
  await expectNoEnglish(page, 'conversation menu');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: account.name }).click();
  await expectNoEnglish(page, 'user menu');
  await page.getByRole('menuitem', { name: 'Exporter la conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exporter la conversation' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nom du fichier')).toHaveValue('Capitale de la France');
  await expectNoEnglish(page, 'export dialog');
  await dialog.getByRole('radio', { name: /Markdown/ }).check();
  await expectNoEnglish(page, 'export dialog (Markdown)');
  await snapshot(page, 'french-journey-export');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Exporter' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Capitale de la France.md');
  await expect(dialog).toBeHidden();
  await expectNoEnglish(page, 'chat after export');
});
