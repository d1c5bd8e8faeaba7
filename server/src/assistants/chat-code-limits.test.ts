// The code interpreter's files count as the user's uploads (issue 22): past the per-user upload limit a file the
// code wrote is not kept, and the tool output says so while the others arrive. With the real sandbox.
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatUser, EventReader, type ChatServer } from '../../test/chat-harness';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';
import { createSandboxPool, type SandboxPool } from '../sandbox';
import { assistantChat, createAssistant, startAssistantsServer } from './test-assistant-chat';

const probe = createSandboxPool({ warm: 0 });
const isolated = (await probe.ready()).available;
await probe.close();

let fake: FakeOpenAI;
let database: Database;
let server: ChatServer;
let sandbox: SandboxPool;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  database = await createTestDatabase('pglite');
  sandbox = createSandboxPool();
  server = await startAssistantsServer(database, fake, { sandbox, env: { FILE_UPLOAD_USER_MAX: '2' } });
}, 120_000);
afterAll(async () => {
  await server.close();
  await sandbox.close();
  await database.close();
  await fake.close();
});

describe('code interpreter outputs and the upload limit', () => {
  it.skipIf(!isolated && process.env.CI !== 'true')(
    'keeps the files within the user’s upload limit and names the one past it',
    { timeout: 180_000 },
    async () => {
      const user = await chatUser(server);
      const assistant = await createAssistant(server, user, {
        name: 'Writer',
        tools: [{ type: 'code_interpreter' }],
      });
      const code = "for name in ('a.txt', 'b.txt', 'c.txt'): open(name, 'w').write(name)";
      fake.script({
        replies: [
          { toolCalls: [{ id: 'ci_1', name: 'code_interpreter', arguments: JSON.stringify({ code }) }] },
          { text: 'Done.' },
        ],
      });
      const response = await assistantChat(server, user, {
        text: 'Write three files',
        assistant_id: assistant.id,
      });
      const reader = new EventReader(response);
      await reader.done;
      expect(reader.text()).toBe('Done.');
      const toolResults = JSON.stringify(fake.requests.map((request) => request.body));
      expect(toolResults).toContain('/mnt/data/a.txt (given to the user as a download)');
      expect(toolResults).toContain('/mnt/data/b.txt (given to the user as a download)');
      expect(toolResults).toContain(
        '/mnt/data/c.txt could not be given to the user: Too many file upload requests. Try again later',
      );
      const list = await server.app.inject({ url: '/api/files', headers: user.headers });
      expect(
        list
          .json<Array<{ filename: string }>>()
          .map((file) => file.filename)
          .sort(),
      ).toEqual(['a.txt', 'b.txt']);
    },
  );
});
