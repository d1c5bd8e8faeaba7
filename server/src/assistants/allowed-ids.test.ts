// YAML `endpoints.assistants.supportedIds` / `excludedIds` (API.md "Assistants and actions"): the assistants
// they leave out are not listed (pages stay full), read, run or deleted, even by their owner. The assistants
// are made first on a server without the YAML, since their ids are only known then.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { Assistant } from '@parley/shared/schemas/assistant';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatUser, EventReader, type ChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';
import { signAccessToken } from '../lib/access-token';
import { assistantChat, createAssistant, startAssistantsServer } from './test-assistant-chat';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

function yamlFile(assistants: string): string {
  const path = join(tempDir(), 'librechat.yaml');
  writeFileSync(path, `version: 1.0.8\nendpoints:\n  assistants:\n${assistants}`);
  return path;
}

interface AssistantList {
  data: Assistant[];
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
}

describeEachEngine(
  'assistants left out by supportedIds and excludedIds',
  (_getDb, { getDatabase }) => {
    let user: TestUser;
    /** Made oldest first: the default order lists `third` first. */
    let first: Assistant;
    let second: Assistant;
    let third: Assistant;
    beforeAll(async () => {
      const plain = await startAssistantsServer(getDatabase(), fake);
      try {
        user = await chatUser(plain);
        first = await createAssistant(plain, user, { name: 'First' });
        second = await createAssistant(plain, user, { name: 'Second' });
        third = await createAssistant(plain, user, { name: 'Third' });
      } finally {
        await plain.close();
      }
    }, 60_000);

    /** The same user on the app started with `assistants` as its YAML block (each app has its own secret). */
    async function withYaml(assistants: string, check: (server: ChatServer, as: TestUser) => Promise<void>) {
      const server = await startAssistantsServer(getDatabase(), fake, {
        env: { CONFIG_PATH: yamlFile(assistants) },
      });
      try {
        const { id, role } = user.user;
        const token = await signAccessToken(server.config.secrets.jwtSecret, { id, role }, 900);
        await check(server, { ...user, token, headers: { authorization: `Bearer ${token}` } });
      } finally {
        await server.close();
      }
    }
    /** The calls of the tests, as the user on `server`. */
    const calls = (server: ChatServer, as: TestUser) => {
      const get = (url: string) => server.app.inject({ url, headers: as.headers });
      return {
        get,
        list: async (query = '') => (await get(`/api/assistants${query}`)).json<AssistantList>(),
        /** A run of `assistant`: its HTTP status, and whether the model was asked. */
        run: async (assistant: Assistant) => {
          fake.reset();
          fake.script({ replies: [{ text: 'Hello.' }] });
          const response = await assistantChat(server, as, { text: 'hi', assistant_id: assistant.id });
          if (response.ok) await new EventReader(response).done;
          else await response.body?.cancel();
          return { status: response.status, asked: fake.requests.length > 0 };
        },
        remove: (assistant: Assistant) =>
          server.app.inject({
            method: 'DELETE',
            url: `/api/assistants/${assistant.id}?model=gpt-4o-mini`,
            headers: as.headers,
          }),
      };
    };
    const names = (page: AssistantList) => page.data.map((assistant) => assistant.name);

    it(
      'supportedIds: only those are listed, read and run; pages stay full',
      { timeout: 120_000 },
      async () => {
        await withYaml(`    supportedIds: [${first.id}, ${second.id}]\n`, async (server, as) => {
          const { get, list, run } = calls(server, as);
          expect(names(await list())).toEqual(['Second', 'First']);
          // The left-out newest row does not take a place on a page.
          const page = await list('?limit=1');
          expect(page).toMatchObject({ first_id: second.id, last_id: second.id, has_more: true });
          expect(names(await list(`?limit=1&after=${second.id}`))).toEqual(['First']);
          expect((await get(`/api/assistants/${third.id}`)).statusCode).toBe(404);
          expect((await get(`/api/assistants/${first.id}`)).statusCode).toBe(200);
          const documents = (await get('/api/assistants/documents')).json<Array<{ assistant_id: string }>>();
          expect(documents.map((document) => document.assistant_id).sort()).toEqual(
            [first.id, second.id].sort(),
          );
          expect(await run(third)).toEqual({ status: 404, asked: false });
          expect(await run(first)).toEqual({ status: 200, asked: true });
        });
      },
    );

    it(
      'excludedIds: those are not listed, read, run or deleted; supportedIds wins over it',
      { timeout: 120_000 },
      async () => {
        await withYaml(`    excludedIds: [${second.id}]\n`, async (server, as) => {
          const { get, list, run, remove } = calls(server, as);
          expect(names(await list())).toEqual(['Third', 'First']);
          expect((await get(`/api/assistants/${second.id}`)).statusCode).toBe(404);
          expect(await run(second)).toEqual({ status: 404, asked: false });
          expect(await run(third)).toEqual({ status: 200, asked: true });
          expect((await remove(second)).statusCode).toBe(404);
        });
        // Still there for a server that does not hide it.
        const both = `    supportedIds: [${second.id}]\n    excludedIds: [${second.id}]\n`;
        await withYaml(both, async (server, as) => {
          expect(names(await calls(server, as).list())).toEqual(['Second']);
        });
      },
    );
  },
  { isolate: 'none' },
);
