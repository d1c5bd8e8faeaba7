import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { NO_PARENT } from '@parley/shared/constants';
import { parleyExportSchema } from '@parley/shared/schemas/export';
import type { Message } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  askToEnd,
  chatEnv,
  chatUser,
  completionBodies,
  postJson,
  startChatServer,
  CHAT_MODEL,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';
import { makeDocx, makePdf, makeScannedPdf } from '../knowledge/test-documents';

let openAI: FakeOpenAI;
beforeAll(async () => {
  openAI = await startFakeOpenAI();
});
afterAll(() => openAI.close());

interface Uploaded {
  file_id: string;
  filename: string;
  text_state?: string | null;
  embedded: boolean;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A log of about `megabytes` MB in which one line, near the middle, holds the fact. */
function bigLog(megabytes: number, fact: string): string {
  const lines: string[] = [];
  let size = 0;
  for (let index = 0; size < megabytes * 1024 * 1024; index += 1) {
    const line = `2026-11-25T10:${String(index % 60).padStart(2, '0')}:00Z worker-${index % 17} processed batch ${index} in ${index % 97} ms`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.splice(Math.floor(lines.length / 2), 0, fact);
  return lines.join('\n');
}

const lastPrompt = (): string => JSON.stringify(completionBodies(openAI).at(-1)?.messages ?? []);

for (const embeddings of [true, false]) {
  describeEachEngine(
    `knowledge in chat turns (embeddings ${embeddings ? 'on' : 'off'})`,
    (_getDb, { getDatabase }) => {
      let server: ChatServer;
      let user: TestUser;
      beforeAll(async () => {
        const env = embeddings
          ? {
              RAG_OPENAI_API_KEY: 'sk-embed',
              RAG_OPENAI_BASEURL: openAI.baseURL,
              EMBEDDINGS_MODEL: 'fake-embed',
            }
          : { EMBEDDINGS_PROVIDER: 'none' };
        server = await startChatServer(getDatabase(), chatEnv(openAI, env));
      }, 60_000);
      afterAll(() => server.close());
      beforeEach(async () => {
        openAI.reset();
        user = await chatUser(server);
      });

      async function upload(owner: TestUser, bytes: Buffer, name: string, type: string): Promise<Uploaded> {
        const form = new FormData();
        form.set('file_id', crypto.randomUUID());
        form.set('endpoint', 'openAI');
        form.set('file', new Blob([bytes], { type }), encodeURIComponent(name));
        const response = await fetch(`${server.url}/api/files`, {
          method: 'POST',
          headers: owner.headers,
          body: form,
        });
        const text = await response.text();
        expect(response.status, text).toBe(200);
        return JSON.parse(text) as Uploaded;
      }

      const ask = (text: string, files: Uploaded[]) => {
        openAI.script({ replies: [{ text: 'Ingrid Solberg keeps it.' }] });
        return askToEnd(server, user, {
          text,
          parentMessageId: NO_PARENT,
          files: files.map((file) => ({ file_id: file.file_id })),
        });
      };

      it('sends small documents whole and names the passages as the reply’s sources', async () => {
        const pdf = await upload(
          user,
          await makePdf(['Harbour report, cover page.', 'The lighthouse keeper is Ingrid Solberg.']),
          'harbour.pdf',
          'application/pdf',
        );
        const docx = await upload(
          user,
          await makeDocx(['Budget notes.', 'Fuel costs 42 crowns.']),
          'budget.docx',
          DOCX,
        );
        expect([pdf.text_state, docx.text_state]).toEqual(['indexed', 'indexed']);
        const reader = await ask('Who is the lighthouse keeper?', [pdf, docx]);
        const prompt = lastPrompt();
        expect(prompt).toContain('[Page 2]\\nThe lighthouse keeper is Ingrid Solberg.');
        expect(prompt).toContain('Fuel costs 42 crowns.');
        const { responseMessage } = reader.final();
        expect(responseMessage.sources?.[0]).toEqual({
          file_id: pdf.file_id,
          filename: 'harbour.pdf',
          page: 2,
          snippet: 'The lighthouse keeper is Ingrid Solberg.',
        });
        const response = await server.app.inject({
          url: `/api/messages/${responseMessage.conversationId}`,
          headers: user.headers,
        });
        const saved = response
          .json<Message[]>()
          .find((message) => message.messageId === responseMessage.messageId);
        expect(saved?.sources).toEqual(responseMessage.sources);
        // The Parley export keeps them.
        const exported = await server.app.inject({ url: '/api/convos/export', headers: user.headers });
        const reply = parleyExportSchema
          .parse(exported.json())
          .conversations.flatMap((conversation) => conversation.messages)
          .find((message) => message.messageId === responseMessage.messageId);
        expect(reply?.sources).toEqual(responseMessage.sources);
      }, 90_000);

      it('sends only the relevant passages of a 3 MB file', async () => {
        const log = await upload(
          user,
          Buffer.from(bigLog(3, 'ALERT: the backup vault password rotated to falcon-nine.')),
          'server.log',
          'text/plain',
        );
        const reader = await ask('When did the backup vault password rotate, and to what?', [log]);
        const prompt = lastPrompt();
        expect(prompt).toContain('falcon-nine');
        expect(prompt.length).toBeLessThan(30_000);
        expect(
          reader.final().responseMessage.sources?.some((source) => source.snippet.includes('falcon-nine')),
        ).toBe(true);
      }, 120_000);

      it('tells the model a scanned PDF has no extractable text', async () => {
        const scan = await upload(user, await makeScannedPdf(), 'scan.pdf', 'application/pdf');
        expect(scan.text_state).toBe('no_text');
        await ask('What does the scan say?', [scan]);
        expect(lastPrompt()).toContain('has no extractable text');
      }, 60_000);

      it('answers 404 for another user’s document and sends nothing of it', async () => {
        const stranger = await chatUser(server);
        const theirs = await upload(
          stranger,
          await makePdf(['Secret: the vault opens with opal.']),
          'secret.pdf',
          'application/pdf',
        );
        const response = await postJson(server, '/api/ask/openAI', user, {
          endpoint: 'openAI',
          model: CHAT_MODEL,
          text: 'What opens the vault?',
          parentMessageId: NO_PARENT,
          files: [{ file_id: theirs.file_id }],
        });
        expect(response.status).toBe(404);
        expect(completionBodies(openAI)).toHaveLength(0);
        const embedded = openAI.requests.filter((request) => request.path.endsWith('/embeddings'));
        expect(JSON.stringify(embedded.map((request) => request.body))).not.toContain('What opens the vault');
      }, 60_000);
    },
  );
}
