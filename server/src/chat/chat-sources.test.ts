import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { NO_PARENT } from '@parley/shared/constants';
import type { FileObject } from '@parley/shared/schemas/file';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { askToEnd, chatEnv, chatUser, startChatServer, type ChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';
import { makeDocx, makePdf } from '../knowledge/test-documents';

// Issue 23: a reply's sources are the passages it was given that match the question. With embeddings on,
// the nearest chunks of every document of the turn used to come back too, so a question about the PDF
// listed the unrelated DOCX (and the PDF's cover page) under the reply.

let openAI: FakeOpenAI;
beforeAll(async () => {
  openAI = await startFakeOpenAI();
});
afterAll(() => openAI.close());

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describeEachEngine('the sources of a reply', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startChatServer(
      getDatabase(),
      chatEnv(openAI, {
        RAG_OPENAI_API_KEY: 'sk-embed',
        RAG_OPENAI_BASEURL: openAI.baseURL,
        EMBEDDINGS_MODEL: 'fake-embed',
      }),
    );
    user = await chatUser(server);
  }, 60_000);
  afterAll(() => server.close());

  async function upload(bytes: Buffer, name: string, type: string): Promise<string> {
    const form = new FormData();
    form.set('file_id', crypto.randomUUID());
    form.set('endpoint', 'openAI');
    form.set('file', new Blob([bytes], { type }), encodeURIComponent(name));
    const response = await fetch(`${server.url}/api/files`, {
      method: 'POST',
      headers: user.headers,
      body: form,
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return (JSON.parse(text) as { file_id: string }).file_id;
  }

  /** Waits until the background embedding of `ids` is done, so vector search sees every chunk. */
  async function embedded(ids: readonly string[]): Promise<void> {
    await expect
      .poll(
        async () => {
          const response = await server.app.inject({ url: '/api/files', headers: user.headers });
          const list = response.json<FileObject[]>();
          return ids.every((id) => list.find((file) => file.file_id === id)?.embedded === true);
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
  }

  it('lists only the passages about the question, not the other documents of the turn', async () => {
    const pdf = await upload(
      await makePdf(['Harbour report, cover page.', 'The lighthouse keeper is Ingrid Solberg.']),
      'harbour.pdf',
      'application/pdf',
    );
    const docx = await upload(
      await makeDocx(['Budget notes.', 'Fuel costs 42 crowns.']),
      'budget.docx',
      DOCX,
    );
    await embedded([pdf, docx]);
    openAI.script({ replies: [{ text: 'Ingrid Solberg keeps it.' }] });
    const reader = await askToEnd(server, user, {
      text: 'Who is the lighthouse keeper?',
      parentMessageId: NO_PARENT,
      files: [{ file_id: pdf }, { file_id: docx }],
    });
    // Both documents are small: the model was given them whole; the sources name what answers.
    expect(reader.final().responseMessage.sources).toEqual([
      {
        file_id: pdf,
        filename: 'harbour.pdf',
        page: 2,
        snippet: 'The lighthouse keeper is Ingrid Solberg.',
      },
    ]);
  }, 90_000);
});
