import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { Assistant } from '@parley/shared/schemas/assistant';
import type { Message } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatUser, EventReader, type ChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';
import { makePdf } from '../knowledge/test-documents';
import {
  addKnowledgeFile,
  assistantChat,
  createAssistant,
  startAssistantsServer,
} from './test-assistant-chat';

// Issue 23 item 1: knowledge works on any model of the assistants' server. Without YAML `retrievalModels`
// every model may retrieve; a document added to an assistant's knowledge turns its retrieval on; the passages
// the run's retrieval handed the model are the reply's sources, with the PDF's page.

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const PDF_FACT = 'The orchard keeper is Marit Aalto.';
const hasRetrieval = (assistant: Assistant) => assistant.tools.some((tool) => tool.type === 'retrieval');

describeEachEngine('assistants knowledge on any model', (_getDb, { getDatabase }) => {
  describe('without YAML (every model may retrieve)', () => {
    let server: ChatServer;
    let user: TestUser;
    beforeAll(async () => {
      // An Ollama-style model name: not in any list of OpenAI's.
      server = await startAssistantsServer(getDatabase(), fake, {
        env: { ASSISTANTS_MODELS: 'gpt-4o-mini,llama3.1:8b' },
      });
    });
    afterAll(() => server.close());
    beforeEach(async () => {
      fake.reset();
      user = await chatUser(server);
    });

    const read = async (id: string) =>
      (await server.app.inject({ url: `/api/assistants/${id}`, headers: user.headers })).json<Assistant>();

    it('lets every model of the server retrieve: /api/endpoints names no model list', async () => {
      const endpoints = (await server.app.inject({ url: '/api/endpoints' })).json<
        Record<string, { retrievalModels?: string[]; capabilities?: string[] }>
      >();
      expect(endpoints.assistants?.capabilities).toContain('retrieval');
      expect(endpoints.assistants).not.toHaveProperty('retrievalModels');
      for (const model of ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1', 'llama3.1:8b']) {
        const created = await createAssistant(server, user, { model, tools: [{ type: 'retrieval' }] });
        expect(hasRetrieval(created)).toBe(true);
      }
    });

    it('turns retrieval on when a document is added to the knowledge, not for a code file', async () => {
      const assistant = await createAssistant(server, user, { model: 'llama3.1:8b', name: 'Orchard' });
      expect(hasRetrieval(assistant)).toBe(false);
      await addKnowledgeFile(server, user, assistant.id, {
        filename: 'sales.csv',
        type: 'text/csv',
        data: 'month,apples\nMay,12\n',
      });
      expect(hasRetrieval(await read(assistant.id))).toBe(false);
      const pdf = await makePdf(['Annual report, cover page.', PDF_FACT]);
      const fileId = await addKnowledgeFile(server, user, assistant.id, {
        filename: 'orchard.pdf',
        type: 'application/pdf',
        data: pdf,
      });
      const after = await read(assistant.id);
      expect(hasRetrieval(after)).toBe(true);
      expect(after.file_ids).toContain(fileId);
      // Once: a second document leaves the tools as they are.
      await addKnowledgeFile(server, user, assistant.id, {
        filename: 'notes.txt',
        type: 'text/plain',
        data: 'More notes.',
      });
      expect((await read(assistant.id)).tools.filter((tool) => tool.type === 'retrieval')).toHaveLength(1);
    });

    it('saves the passages the retrieval handed the model as the reply’s sources, with the PDF page', async () => {
      const assistant = await createAssistant(server, user, { model: 'llama3.1:8b', name: 'Orchard' });
      const pdf = await makePdf(['Annual report, cover page.', PDF_FACT]);
      const fileId = await addKnowledgeFile(server, user, assistant.id, {
        filename: 'orchard.pdf',
        type: 'application/pdf',
        data: pdf,
      });
      fake.script({
        replies: [
          { toolCalls: [{ id: 'r1', name: 'retrieval', arguments: '{"query":"orchard keeper"}' }] },
          { text: 'The keeper is Marit Aalto.' },
        ],
      });
      const reader = new EventReader(
        await assistantChat(server, user, {
          text: 'Who keeps the orchard?',
          assistant_id: assistant.id,
          model: 'llama3.1:8b',
        }),
      );
      await reader.done;
      const final = reader.final();
      const expected = [
        {
          file_id: fileId,
          filename: 'orchard.pdf',
          page: 2,
          snippet: expect.stringContaining('Marit Aalto'),
        },
      ];
      expect(final.responseMessage.sources).toEqual(expected);
      const saved = (
        await server.app.inject({
          url: `/api/messages/${final.conversation.conversationId}`,
          headers: user.headers,
        })
      ).json<Message[]>();
      expect(saved.find((message) => !message.isCreatedByUser)?.sources).toEqual(expected);
    });
  });

  describe('with YAML retrievalModels narrowing the models', () => {
    let server: ChatServer;
    let user: TestUser;
    beforeAll(async () => {
      const config = join(tempDir(), 'librechat.yaml');
      writeFileSync(config, 'version: 1.0.8\nendpoints:\n  assistants:\n    retrievalModels: [gpt-4o]\n');
      server = await startAssistantsServer(getDatabase(), fake, { env: { CONFIG_PATH: config } });
    });
    afterAll(() => server.close());
    beforeEach(async () => {
      user = await chatUser(server);
    });

    it('refuses retrieval for another model and leaves it off when a document is added', async () => {
      const refused = await server.app.inject({
        method: 'POST',
        url: '/api/assistants',
        headers: user.headers,
        payload: { model: 'gpt-4o-mini', tools: [{ type: 'retrieval' }] },
      });
      expect(refused.statusCode).toBe(400);
      const assistant = await createAssistant(server, user, { model: 'gpt-4o-mini' });
      await addKnowledgeFile(server, user, assistant.id, {
        filename: 'notes.txt',
        type: 'text/plain',
        data: 'Notes.',
      });
      const read = (
        await server.app.inject({ url: `/api/assistants/${assistant.id}`, headers: user.headers })
      ).json<Assistant>();
      expect(hasRetrieval(read)).toBe(false);
      expect(read.file_ids).toHaveLength(1);
    });
  });
});
