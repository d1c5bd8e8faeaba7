import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { askToEnd, chatEnv, chatUser, completionBodies, startChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

describeEachEngine('the plugins endpoint', (_getDb, { getDatabase }) => {
  it('answers through the OpenAI adapter with the server key', async () => {
    const server = await startChatServer(getDatabase(), chatEnv(fake));
    try {
      const user = await chatUser(server);
      fake.script({ replies: [{ text: 'Plugins here', chunkSize: 4 }] });
      const reader = await askToEnd(
        server,
        user,
        { endpoint: 'gptPlugins', model: 'gpt-4o-mini', text: 'Hello plugins' },
        { path: '/api/ask/gptPlugins' },
      );
      expect(reader.final().responseMessage).toMatchObject({ text: 'Plugins here', error: false });
      expect(completionBodies(fake).at(-1)).toMatchObject({ model: 'gpt-4o-mini' });
    } finally {
      await server.close();
    }
  });
});
