// YAML options of custom endpoints a user notices (issue 27 SPEC item 5): `titleMethod` (how the title is asked
// for) and `forcePrompt` (one prompt string to /completions instead of chat messages), through the real OpenAI
// SDK against the fake OpenAI server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  askToEnd,
  chatEnv,
  chatUser,
  completionBodies,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

function configFile(options: string[]): string {
  const path = join(tempDir(), 'librechat.yaml');
  writeFileSync(
    path,
    [
      'version: 1.0.8',
      'endpoints:',
      '  custom:',
      '    - name: Local',
      '      apiKey: sk-local',
      `      baseURL: ${fake.baseURL}`,
      '      models: { default: [llama3] }',
      ...options.map((option) => `      ${option}`),
    ].join('\n'),
  );
  return path;
}

/** What the fake's text Completions route (`/v1/completions`) received. */
const promptBodies = () =>
  fake.requests
    .filter((request) => request.path.endsWith('/v1/completions'))
    .map((request) => request.body as Record<string, unknown>);

const titleCall = (title: string) => ({
  toolCalls: [{ id: 'call_title', name: 'submit_title', arguments: JSON.stringify({ title }) }],
});

describeEachEngine('custom endpoint titleMethod and forcePrompt', (_getDb, { getDatabase }) => {
  let server: ChatServer | undefined;
  beforeEach(() => fake.reset());
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const body = {
    endpoint: 'Local',
    endpointType: 'custom',
    model: 'llama3',
    text: 'How do I plan a garden?',
  };

  const start = async (options: string[]): Promise<TestUser> => {
    server = await startChatServer(
      getDatabase(),
      chatEnv(fake, { CONFIG_PATH: configFile(options), TITLE_CONVO: 'true' }),
    );
    return chatUser(server);
  };
  const titleOf = async (user: TestUser, conversationId: string) => {
    const response = await server?.app.inject({
      method: 'POST',
      url: '/api/convos/gen_title',
      headers: user.headers,
      payload: { conversationId },
    });
    return response?.statusCode === 200 ? response.json<{ title: string }>().title : null;
  };

  it('titleMethod functions asks for the title by a forced function call and takes its argument', async () => {
    const user = await start(['titleMethod: functions']);
    fake.script({ replies: [{ text: 'Start with the sun.' }, titleCall('Planning A Sunny Garden')] });
    const reader = await askToEnd(server!, user, body, { path: '/api/ask/custom' });
    const conversationId = reader.final().conversation.conversationId;
    await expect.poll(() => titleOf(user, conversationId)).toBe('Planning A Sunny Garden');
    const [chat, title] = completionBodies(fake);
    expect(chat).not.toHaveProperty('tools');
    expect(title).toMatchObject({
      tools: [{ type: 'function', function: { name: 'submit_title' } }],
      tool_choice: { type: 'function', function: { name: 'submit_title' } },
    });
  }, 60_000);

  it('titleMethod structured is read as functions; a model that answers without the call gets a completion', async () => {
    const user = await start(['titleMethod: structured']);
    // The function request is answered with text, no call: the title is then asked for by one completion.
    fake.script({ replies: [{ text: 'Start with the sun.' }, { text: 'Sure!' }, { text: 'Garden Basics' }] });
    const reader = await askToEnd(server!, user, body, { path: '/api/ask/custom' });
    const conversationId = reader.final().conversation.conversationId;
    await expect.poll(() => titleOf(user, conversationId)).toBe('Garden Basics');
    const [, functions, completion] = completionBodies(fake);
    expect(functions).toHaveProperty('tool_choice');
    expect(completion).not.toHaveProperty('tools');
  }, 60_000);

  it('titleMethod completion (the default for custom endpoints) sends no function', async () => {
    const user = await start([]);
    fake.script({ replies: [{ text: 'Start with the sun.' }, { text: 'Garden Basics' }] });
    const reader = await askToEnd(server!, user, body, { path: '/api/ask/custom' });
    await expect.poll(() => titleOf(user, reader.final().conversation.conversationId)).toBe('Garden Basics');
    expect(completionBodies(fake)[1]).not.toHaveProperty('tools');
  }, 60_000);

  it('forcePrompt sends one prompt string to /completions, for the reply and the title', async () => {
    const user = await start(['forcePrompt: true', 'addParams: { top_k: 7 }']);
    fake.script({ replies: [{ text: 'Start with the sun.', chunkSize: 3 }, { text: 'Sunny Garden Plans' }] });
    const first = await askToEnd(
      server!,
      user,
      { ...body, promptPrefix: 'Answer briefly.', temperature: 0.4 },
      { path: '/api/ask/custom' },
    );
    expect(first.text()).toBe('Start with the sun.');
    const conversationId = first.final().conversation.conversationId;
    await expect.poll(() => titleOf(user, conversationId)).toBe('Sunny Garden Plans');
    expect(completionBodies(fake)).toEqual([]);
    const [reply, title] = promptBodies();
    expect(reply).toMatchObject({
      model: 'llama3',
      stream: true,
      temperature: 0.4,
      top_k: 7,
      max_tokens: expect.any(Number),
      stop: expect.arrayContaining(['||>']),
    });
    expect(reply).not.toHaveProperty('messages');
    expect(reply?.prompt).toBe(
      '||>Instructions:\nAnswer briefly.\n\n||>User:\nHow do I plan a garden?\n||>Assistant:\n',
    );
    expect(String(title?.prompt)).toContain('Start with the sun.');

    // The next turn carries the history in the prompt.
    fake.script({ replies: [{ text: 'In spring.' }] });
    await askToEnd(
      server!,
      user,
      {
        ...body,
        text: 'When?',
        conversationId,
        parentMessageId: first.final().responseMessage.messageId,
      },
      { path: '/api/ask/custom' },
    );
    expect(promptBodies()[2]?.prompt).toBe(
      '||>Instructions:\nA conversation between a user and a helpful assistant. Answer the last message.\n\n' +
        '||>User:\nHow do I plan a garden?\n||>Assistant:\nStart with the sun.\n||>User:\nWhen?\n||>Assistant:\n',
    );
  }, 60_000);
});
