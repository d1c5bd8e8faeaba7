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

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

function configFile(titleConvo: boolean, label: string | null = 'Llama'): string {
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
      '      models: { default: [llama3, titler, fake-gpt-4o] }',
      `      titleConvo: ${titleConvo}`,
      '      titleModel: titler',
      ...(label === null ? [] : [`      modelDisplayLabel: ${label}`]),
      '      addParams: { top_k: 7 }',
      '      dropParams: [presence_penalty]',
    ].join('\n'),
  );
  return path;
}

describeEachEngine('custom endpoints', (_getDb, { getDatabase }) => {
  let server: ChatServer | undefined;
  beforeEach(() => fake.reset());
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const body = { endpoint: 'Local', endpointType: 'custom', model: 'llama3', text: 'Hello' };

  it('post to /api/ask/custom with their name, apply addParams/dropParams and title with titleModel', async () => {
    server = await startChatServer(
      getDatabase(),
      chatEnv(fake, { CONFIG_PATH: configFile(true), TITLE_CONVO: 'true' }),
    );
    const user = await chatUser(server);
    fake.script({ replies: [{ text: 'Hi from llama' }, { text: 'Local Greeting' }] });
    // The request sets presence_penalty, which the YAML drops, and frequency_penalty, which it keeps.
    const reader = await askToEnd(
      server,
      user,
      { ...body, presence_penalty: 0.5, frequency_penalty: 0.3 },
      { path: '/api/ask/custom' },
    );
    expect(reader.final().responseMessage).toMatchObject({
      sender: 'Llama',
      endpoint: 'Local',
      model: 'llama3',
    });
    expect(reader.final().conversation).toMatchObject({ endpoint: 'Local', endpointType: 'custom' });
    await expect.poll(() => completionBodies(fake).length).toBe(2);
    const [chat, title] = completionBodies(fake);
    expect(chat).toMatchObject({ model: 'llama3', top_k: 7, frequency_penalty: 0.3 });
    expect(chat).not.toHaveProperty('presence_penalty');
    expect(title).toMatchObject({ model: 'titler' });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/convos/gen_title',
      headers: user.headers,
      payload: { conversationId: reader.final().conversation.conversationId },
    });
    expect(response.json()).toEqual({ title: 'Local Greeting' });
  });

  it('name replies after the endpoint when it has no modelDisplayLabel, not after the family its model mimics', async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake, { CONFIG_PATH: configFile(false, null) }));
    const user = await chatUser(server);
    const reader = await askToEnd(
      server,
      user,
      { ...body, model: 'fake-gpt-4o' },
      { path: '/api/ask/custom' },
    );
    expect(reader.final().responseMessage).toMatchObject({ sender: 'Local', model: 'fake-gpt-4o' });
  });

  it('titleConvo: false turns title generation off', async () => {
    server = await startChatServer(
      getDatabase(),
      chatEnv(fake, { CONFIG_PATH: configFile(false), TITLE_CONVO: 'true' }),
    );
    const user = await chatUser(server);
    await askToEnd(server, user, body, { path: '/api/ask/custom' });
    // A second conversation's whole turn, asked after the first ended: a title the first had started would
    // have been asked for before this reply is done.
    await askToEnd(server, user, body, { path: '/api/ask/custom' });
    expect(completionBodies(fake).map((request) => request.model)).toEqual(['llama3', 'llama3']);
  });
});
