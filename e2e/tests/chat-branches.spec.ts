import { expect, messages, send, signUp, test } from '../support/chat-fixtures';

test('regenerate adds a sibling reply and the pager moves between them', async ({ page, fake }) => {
  const leafWrites: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/convos/update')) leafWrites.push(response.status());
  });
  await signUp(page);
  await fake.script({ replies: [{ text: 'First answer' }, { text: 'Second answer' }] });
  await send(page, 'Tell me something');
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('First answer');

  await reply.getByRole('button', { name: 'Regenerate' }).click();
  await expect(reply).toContainText('Second answer');
  const versions = reply.getByRole('group', { name: 'Versions' });
  await expect(versions).toContainText('2 / 2');
  await expect(versions.getByRole('button', { name: 'Next version' })).toBeDisabled();

  await versions.getByRole('button', { name: 'Previous version' }).click();
  await expect(reply).toContainText('First answer');
  await expect(versions).toContainText('1 / 2');
  await expect(versions.getByRole('button', { name: 'Previous version' })).toBeDisabled();
  await versions.getByRole('button', { name: 'Next version' }).click();
  await expect(reply).toContainText('Second answer');
  // The version on screen is kept on the server (the conversation reopens there): both pager clicks' writes
  // are answered, the last one last.
  await expect.poll(() => leafWrites.length).toBe(2);
  expect(leafWrites).toEqual([200, 200]);

  // Both replies answer the same user message: the model saw the same question twice.
  const requests = await fake.chatRequests();
  expect(requests).toHaveLength(2);
  expect(JSON.stringify(requests[1]?.body)).toContain('Tell me something');

  await page.reload();
  await expect(messages(page).nth(1).getByRole('group', { name: 'Versions' })).toContainText('2 / 2');
});

test('Regenerate and Send work at once on an opened chat, while it still asks whether a reply is running', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await fake.script({
    replies: [{ text: 'First answer' }, { text: 'Second answer' }, { text: 'Third answer' }],
  });
  await send(page, 'Tell me something');
  await expect(messages(page).nth(1)).toContainText('First answer');
  await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);

  // Opening a chat asks the server whether a reply is running there (to re-attach to it). On a busy server
  // (or when a chat's address is reached just as its reply ends) that answer is slow: held here until the end.
  let answerProbes!: () => void;
  const probesHeld = new Promise<void>((resolve) => (answerProbes = resolve));
  let probes = 0;
  await page.route(/\/api\/ask\/stream\/[^/?]+\?optional=true$/, async (route) => {
    probes += 1;
    await probesHeld;
    await route.continue().catch(() => undefined);
  });
  await page.reload();
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('First answer');
  await expect.poll(() => probes).toBe(1);

  await reply.getByRole('button', { name: 'Regenerate' }).click();
  await expect(reply).toContainText('Second answer');
  await expect(reply.getByRole('group', { name: 'Versions' })).toContainText('2 / 2');
  await send(page, 'And more?');
  await expect(messages(page).nth(3)).toContainText('Third answer');
  expect(await fake.chatRequests()).toHaveLength(3);
  answerProbes();
});

test('editing a user message and submitting asks again beside it', async ({ page, fake }) => {
  await signUp(page);
  await fake.script({ replies: [{ text: 'About cats' }, { text: 'About dogs' }] });
  await send(page, 'Tell me about cats');
  await expect(messages(page).nth(1)).toContainText('About cats');

  const question = messages(page).nth(0);
  await question.getByRole('button', { name: 'Edit' }).click();
  const editor = question.getByRole('textbox', { name: 'Edit message' });
  await editor.fill('Tell me about dogs');
  await question.getByRole('button', { name: 'Save & Submit' }).click();

  await expect(messages(page).nth(1)).toContainText('About dogs');
  await expect(messages(page).nth(0)).toContainText('Tell me about dogs');
  await expect(messages(page).nth(0).getByRole('group', { name: 'Versions' })).toContainText('2 / 2');
  const requests = await fake.chatRequests();
  expect(JSON.stringify(requests.at(-1)?.body)).toContain('Tell me about dogs');
  expect(JSON.stringify(requests.at(-1)?.body)).not.toContain('Tell me about cats');

  await messages(page).nth(0).getByRole('button', { name: 'Previous version' }).click();
  await expect(messages(page).nth(0)).toContainText('Tell me about cats');
  await expect(messages(page).nth(1)).toContainText('About cats');
});

test('Escape leaves edit mode and Save changes the text in place', async ({ page, fake }) => {
  await signUp(page);
  await fake.script({ replies: [{ text: 'Original reply' }] });
  await send(page, 'Hello');
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('Original reply');

  await reply.getByRole('button', { name: 'Edit' }).click();
  await reply.getByRole('textbox', { name: 'Edit message' }).press('Escape');
  await expect(reply.getByRole('textbox', { name: 'Edit message' })).toHaveCount(0);

  await reply.getByRole('button', { name: 'Edit' }).click();
  await reply.getByRole('textbox', { name: 'Edit message' }).fill('Corrected reply');
  // The text changes at once, before the server has it: the reload waits for the server's answer.
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/messages/'),
  );
  await reply.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(reply).toContainText('Corrected reply');
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(messages(page).nth(1)).toContainText('Corrected reply');
  expect(await fake.chatRequests()).toHaveLength(1);
});

test('continue grows a reply that stopped at its length limit', async ({ page, fake }) => {
  await signUp(page);
  await fake.script({
    replies: [{ text: 'The first half', finishReason: 'length' }, { text: ' and the second half.' }],
  });
  await send(page, 'Write something long');
  const reply = messages(page).nth(1);
  await expect(reply).toContainText('The first half');

  await reply.getByRole('button', { name: 'Continue' }).click();
  await expect(reply).toContainText('The first half and the second half.');
  await expect(reply.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  // Continue grows the same reply: no sibling appears.
  await expect(reply.getByRole('group', { name: 'Versions' })).toHaveCount(0);

  await page.reload();
  await expect(messages(page).nth(1)).toContainText('The first half and the second half.');
});
