// Without OS isolation the code interpreter is off (issue 22): `GET /api/endpoints` tells the builder why, and an
// assistant that has the capability is run without the tool — the model is never offered a way to run code.
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUser, EventReader, type ChatServer } from '../../test/chat-harness';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';
import { createSandboxPool, type SandboxPool } from '../sandbox';
import { assistantChat, createAssistant, startAssistantsServer } from './test-assistant-chat';

let fake: FakeOpenAI;
let database: Database;
let server: ChatServer;
let sandbox: SandboxPool;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  database = await createTestDatabase('pglite');
  // bubblewrap hidden from PATH, as on a machine without it.
  sandbox = createSandboxPool({ path: '/nonexistent-bin' });
  server = await startAssistantsServer(database, fake, { sandbox });
}, 120_000);
afterAll(async () => {
  await server.close();
  await sandbox.close();
  await database.close();
  await fake.close();
});

describe('code interpreter without isolation', () => {
  it('is off: the endpoints say why, and the model is not offered the tool', async () => {
    expect(await sandbox.ready()).toEqual({
      available: false,
      backend: 'off',
      reason: 'bubblewrap (bwrap) is not installed',
      packages: [],
    });
    const user = await chatUser(server);
    const endpoints = await server.app.inject({ url: '/api/endpoints', headers: user.headers });
    expect(
      endpoints.json<Record<string, { codeInterpreterOff?: string }>>().assistants?.codeInterpreterOff,
    ).toBe('bubblewrap (bwrap) is not installed');

    const assistant = await createAssistant(server, user, {
      name: 'Analyst',
      tools: [{ type: 'code_interpreter' }, { type: 'function', function: { name: 'calculator' } }],
    });
    fake.script({ replies: [{ text: 'I cannot run code here.' }] });
    const response = await assistantChat(server, user, { text: 'Run print(1)', assistant_id: assistant.id });
    expect(response.status).toBe(200);
    const reader = new EventReader(response);
    await reader.done;
    expect(reader.text()).toBe('I cannot run code here.');
    type Offered = { tools?: Array<{ function: { name: string } }> };
    const offered = fake.requests.flatMap((request) =>
      ((request.body as Offered).tools ?? []).map((tool) => tool.function.name),
    );
    expect(offered).not.toContain('code_interpreter');
  });
});
