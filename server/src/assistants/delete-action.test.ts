// `DELETE /api/assistants/actions/{assistant_id}/{action_id}/{model}` (API.md "Assistants and actions", SPEC
// §4): the action goes, and so do its functions from the assistant, so its next run is not offered them; the
// assistant's other tools stay.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { Assistant } from '@parley/shared/schemas/assistant';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatUser, EventReader, type ChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import { TEST_MANIFEST } from '../../test/test-tools';
import { startTestApi, type TestApi } from '../actions/test-api-server';
import { assistantChat, createAssistant, startAssistantsServer } from './test-assistant-chat';

let fake: FakeOpenAI;
let api: TestApi;
beforeAll(async () => {
  [fake, api] = await Promise.all([startFakeOpenAI(), startTestApi()]);
});
afterAll(async () => {
  await Promise.all([fake.close(), api.close()]);
});

const functionNames = (assistant: Assistant): string[] =>
  assistant.tools.flatMap((tool) => (tool.type === 'function' ? [tool.function.name] : []));

describeEachEngine('deleting an action', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  beforeAll(async () => {
    const config = join(tempDir(), 'librechat.yaml');
    writeFileSync(config, `version: 1.0.8\nactions:\n  allowedAddresses: ["127.0.0.1:${api.port}"]\n`);
    server = await startAssistantsServer(getDatabase(), fake, {
      env: { CONFIG_PATH: config },
      toolManifest: TEST_MANIFEST,
    });
  });
  afterAll(() => server.close());

  it(
    'removes its functions from the assistant and from its runs, and keeps the other tools',
    { timeout: 120_000 },
    async () => {
      fake.reset();
      const user = await chatUser(server);
      const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
        server.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
      const assistant = await createAssistant(server, user, { tools: ['calculator'] });
      const saved = await send('POST', `/api/assistants/actions/${assistant.id}`, {
        model: 'gpt-4o-mini',
        metadata: { raw_spec: api.spec(), auth: { type: 'none' } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [, withAction, action] = saved.json<[unknown, Assistant, { action_id: string }]>();
      const actionFunctions = functionNames(withAction).filter((name) => name.includes('_action_'));
      expect(actionFunctions.map((name) => name.split('_action_')[0])).toEqual(
        expect.arrayContaining(['getPet', 'createPet']),
      );

      const deleted = await send(
        'DELETE',
        `/api/assistants/actions/${assistant.id}/${action.action_id}/gpt-4o-mini`,
      );
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ message: expect.any(String) as unknown });

      const after = (await send('GET', `/api/assistants/${assistant.id}`)).json<Assistant>();
      expect(functionNames(after)).toEqual(['calculator']);
      expect((await send('GET', '/api/assistants/actions')).json()).toEqual([]);
      expect((await send('GET', '/api/assistants/documents')).json()).toEqual([
        { assistant_id: assistant.id, actions: [] },
      ]);
      // Deleting it again finds nothing.
      const again = await send(
        'DELETE',
        `/api/assistants/actions/${assistant.id}/${action.action_id}/gpt-4o-mini`,
      );
      expect(again.statusCode).toBe(404);

      fake.script({ replies: [{ text: 'No pets here.' }] });
      const reader = new EventReader(
        await assistantChat(server, user, { text: 'Find rex', assistant_id: assistant.id }),
      );
      await reader.done;
      const offered = (fake.requests[0]?.body as { tools?: Array<{ function: { name: string } }> }).tools;
      expect(offered?.map((tool) => tool.function.name)).toEqual(['calculator']);
      expect(api.seen).toHaveLength(0);
    },
  );
});
