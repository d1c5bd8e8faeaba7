import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, messageBox, messages, signUp, test } from '../support/chat-fixtures';

const node = (
  id: string,
  parent: string | null,
  children: string[],
  role: 'user' | 'assistant' | null,
  text: string,
  at: number,
) => ({
  id,
  parent,
  children,
  message: role
    ? {
        id,
        author: { role },
        content: { content_type: 'text', parts: [text] },
        create_time: at,
        recipient: 'all',
      }
    : null,
});

/** A ChatGPT `conversations.json` with one conversation whose answer was regenerated (two branches). */
const chatgptExport = [
  {
    title: 'Imported about tides',
    create_time: 1_700_000_000,
    update_time: 1_700_000_100,
    current_node: 'a2',
    mapping: {
      root: node('root', null, ['q'], null, '', 0),
      q: node('q', 'root', ['a1', 'a2'], 'user', 'Why are there tides?', 1_700_000_010),
      a1: node('a1', 'q', [], 'assistant', 'Because of the Moon.', 1_700_000_020),
      a2: node('a2', 'q', [], 'assistant', 'Mostly the Moon, a little the Sun.', 1_700_000_030),
    },
  },
  { title: 'Broken one', mapping: 'nope' },
];

test('import a ChatGPT export with a branched conversation and page through its branches', async ({
  page,
}) => {
  await signUp(page);
  // The message box takes the focus once the screen has loaded; a menu opened before that would close.
  await expect(messageBox(page)).toBeFocused();
  const dir = mkdtempSync(join(tmpdir(), 'parley-import-'));
  const file = join(dir, 'conversations.json');
  writeFileSync(file, JSON.stringify(chatgptExport));

  await page.getByRole('button', { name: 'Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Data' }).click();
  const chooser = page.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Import', exact: true }).click();
  await (await chooser).setFiles(file);
  await expect(
    settings.getByText('Conversations: 1 new, 0 updated, 0 skipped (already imported)'),
  ).toBeVisible();
  await expect(settings.getByText(/Not imported: Broken one/)).toBeVisible();

  // The same file again changes nothing: the conversation is skipped, not duplicated.
  const again = page.waitForEvent('filechooser');
  await settings.getByRole('button', { name: 'Import', exact: true }).click();
  await (await again).setFiles(file);
  await expect(
    settings.getByText('Conversations: 0 new, 0 updated, 1 skipped (already imported)'),
  ).toBeVisible();

  // "Download all my data" holds the imported conversation.
  const download = page.waitForEvent('download');
  await settings.getByRole('button', { name: 'Download' }).click();
  const all = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
    format: string;
    conversations: { title: string; messages: unknown[] }[];
  };
  expect(all.format).toBe('parley-export');
  expect(all.conversations.map((c) => [c.title, c.messages.length])).toEqual([['Imported about tides', 3]]);
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Imported about tides' }).click();
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('Mostly the Moon, a little the Sun.');
  const versions = reply.getByRole('group', { name: 'Versions' });
  await expect(versions).toContainText('2 / 2');
  await versions.getByRole('button', { name: 'Previous version' }).click();
  await expect(reply).toContainText('Because of the Moon.');
  await expect(messages(page).nth(0)).toContainText('Why are there tides?');
});
