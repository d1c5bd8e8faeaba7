import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  askToEnd,
  chatEnv,
  chatUser,
  CHAT_MODEL,
  completionBodies,
  postJson,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';
import { bodiesOf, useVendorFakes, vendorEnv, type VendorFakes } from '../../test/vendor-fakes';

const vendors = useVendorFakes();
let openAI: FakeOpenAI;
let fakes: VendorFakes;
beforeAll(async () => {
  openAI = await startFakeOpenAI();
});
afterAll(() => openAI.close());

/** A real 40 × 30 PNG. */
const redPng = (): Promise<Buffer> =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .png()
    .toBuffer();

/** The upload may be re-encoded, so what the model got is checked by decoding it: the same 40 × 30 picture. */
async function expectRedPng(base64: string | undefined): Promise<void> {
  const { width, height, format } = await sharp(Buffer.from(base64 ?? '', 'base64')).metadata();
  expect({ width, height, format }).toEqual({ width: 40, height: 30, format: 'png' });
}

const DATA_URL = /^data:image\/png;base64,(.+)$/s;

const NOTES = 'The launch code is 4242.\nBring snacks.';

interface Uploaded {
  file_id: string;
  filename: string;
  type: string;
}

describeEachEngine('files attached to chat messages reach the model', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  let png: Buffer;
  beforeAll(async () => {
    fakes = vendors();
    server = await startChatServer(getDatabase(), vendorEnv(fakes, chatEnv(openAI)));
    png = await redPng();
  }, 60_000);
  afterAll(() => server.close());
  beforeEach(async () => {
    openAI.reset();
    user = await chatUser(server);
  });

  async function upload(
    owner: TestUser,
    path: '/api/files/images' | '/api/files',
    file: { bytes: Buffer; name: string; type: string },
    fields: Record<string, string> = {},
  ): Promise<Uploaded> {
    const form = new FormData();
    form.set('file_id', crypto.randomUUID());
    form.set('endpoint', 'openAI');
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('file', new Blob([file.bytes], { type: file.type }), encodeURIComponent(file.name));
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: owner.headers,
      body: form,
    });
    const text = await response.text();
    expect(response.status, text).toBeLessThan(300);
    return JSON.parse(text) as Uploaded;
  }

  const uploadImage = (owner: TestUser = user) =>
    upload(
      owner,
      '/api/files/images',
      { bytes: png, name: 'red dot.png', type: 'image/png' },
      { width: '40', height: '30' },
    );
  const uploadNotes = (owner: TestUser = user) =>
    upload(owner, '/api/files', { bytes: Buffer.from(NOTES), name: 'notes.txt', type: 'text/plain' });

  const messages = async (conversationId: string): Promise<Message[]> => {
    const response = await server.app.inject({
      url: `/api/messages/${conversationId}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Message[]>();
  };
  const conversations = async (): Promise<unknown[]> => {
    const response = await server.app.inject({ url: '/api/convos', headers: user.headers });
    return response.json<{ conversations: unknown[] }>().conversations;
  };

  it('openAI: sends the image as image_url with detail and the document text, and saves files', async () => {
    const [picture, notes] = [await uploadImage(), await uploadNotes()];
    openAI.script({ replies: [{ text: 'A red image and a note.' }] });
    const reader = await askToEnd(server, user, {
      text: 'What is in these?',
      parentMessageId: NO_PARENT,
      imageDetail: 'low',
      files: [{ file_id: picture.file_id }, { file_id: notes.file_id }],
    });
    const { requestMessage, conversation } = reader.final();
    const sent = completionBodies(openAI).at(-1)?.messages as Array<{ role: string; content: unknown }>;
    const userTurn = sent.at(-1);
    expect(userTurn?.role).toBe('user');
    expect(userTurn?.content).toEqual([
      { type: 'image_url', image_url: { url: expect.stringMatching(DATA_URL) as unknown, detail: 'low' } },
      { type: 'text', text: expect.stringContaining(NOTES) as unknown },
      { type: 'text', text: 'What is in these?' },
    ]);
    const [imagePart] = userTurn?.content as Array<{ image_url?: { url: string } }>;
    await expectRedPng(DATA_URL.exec(imagePart?.image_url?.url ?? '')?.[1]);
    expect(JSON.stringify(userTurn?.content)).toContain('notes.txt');

    const expectedFiles = [
      expect.objectContaining({ file_id: picture.file_id, type: 'image/png', width: 40, height: 30 }),
      expect.objectContaining({ file_id: notes.file_id, filename: 'notes.txt', type: 'text/plain' }),
    ];
    expect(requestMessage.files).toEqual(expectedFiles);
    const saved = await messages(conversation.conversationId);
    expect(saved.find((m) => m.isCreatedByUser)?.files).toEqual(expectedFiles);
    expect(saved.find((m) => m.isCreatedByUser)?.files?.[0]?.filepath).toEqual(expect.any(String));
    // Marked used in this conversation.
    const listed = await server.app.inject({ url: '/api/files', headers: user.headers });
    expect(listed.json<Array<{ file_id: string; usage: number; conversationId: string | null }>>()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file_id: picture.file_id,
          usage: 1,
          conversationId: conversation.conversationId,
        }),
      ]),
    );
  }, 60_000);

  it('anthropic: sends a base64 image block and the document text', async () => {
    const [picture, notes] = [await uploadImage(), await uploadNotes()];
    fakes.anthropic.script({ replies: [{ text: 'Seen.' }] });
    await askToEnd(
      server,
      user,
      {
        endpoint: 'anthropic',
        model: 'claude-3-opus-20240229',
        text: 'Describe',
        files: [{ file_id: picture.file_id }, { file_id: notes.file_id }],
      },
      { path: '/api/ask/anthropic' },
    );
    const [body] = bodiesOf(fakes.anthropic.requests, /\/v1\/messages$/);
    const turns = body?.messages as Array<{ role: string; content: unknown[] }>;
    const content = turns.at(-1)?.content;
    expect(content).toEqual([
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: expect.any(String) as unknown },
      },
      { type: 'text', text: expect.stringContaining(NOTES) as unknown },
      { type: 'text', text: 'Describe' },
    ]);
    await expectRedPng((content?.[0] as { source: { data: string } }).source.data);
  }, 60_000);

  it('google: sends the image as inlineData and the document text', async () => {
    const [picture, notes] = [await uploadImage(), await uploadNotes()];
    fakes.google.script({ replies: [{ text: 'Seen.' }] });
    await askToEnd(
      server,
      user,
      {
        endpoint: 'google',
        model: 'gemini-pro',
        text: 'Describe',
        files: [{ file_id: picture.file_id }, { file_id: notes.file_id }],
      },
      { path: '/api/ask/google' },
    );
    const [body] = bodiesOf(fakes.google.requests, /gemini-pro:streamGenerateContent$/);
    const contents = body?.contents as Array<{ role: string; parts: unknown[] }>;
    const parts = contents.at(-1)?.parts;
    expect(parts).toEqual([
      { inlineData: { mimeType: 'image/png', data: expect.any(String) as unknown } },
      { text: expect.stringContaining(NOTES) as unknown },
      { text: 'Describe' },
    ]);
    await expectRedPng((parts?.[0] as { inlineData: { data: string } }).inlineData.data);
  }, 60_000);

  describe('earlier messages’ files', () => {
    const imagesIn = (messages: unknown): number =>
      JSON.stringify(messages).split('"type":"image_url"').length - 1;

    async function twoTurns(resendFiles: boolean | undefined) {
      const picture = await uploadImage();
      openAI.script({ replies: [{ text: 'A red image.' }, { text: 'Still red.' }] });
      const options = resendFiles === undefined ? {} : { resendFiles };
      const first = await askToEnd(server, user, {
        text: 'Look',
        parentMessageId: NO_PARENT,
        files: [{ file_id: picture.file_id }],
        ...options,
      });
      const { conversation, responseMessage } = first.final();
      await askToEnd(server, user, {
        text: 'And now?',
        conversationId: conversation.conversationId,
        parentMessageId: responseMessage.messageId,
        ...options,
      });
      return completionBodies(openAI).at(-1)?.messages;
    }

    it('are sent again by default', async () => {
      expect(imagesIn(await twoTurns(undefined))).toBe(1);
    }, 60_000);

    it('are left out with resendFiles false', async () => {
      const sent = await twoTurns(false);
      expect(imagesIn(sent)).toBe(0);
      expect(JSON.stringify(sent)).toContain('Look');
    }, 60_000);
  });

  it('regenerate and edit-and-resubmit keep the user message’s files', async () => {
    const notes = await uploadNotes();
    openAI.script({ replies: [{ text: 'One.' }, { text: 'Two.' }, { text: 'Three.' }] });
    const first = await askToEnd(server, user, {
      text: 'Read this',
      parentMessageId: NO_PARENT,
      files: [{ file_id: notes.file_id }],
    });
    const { conversation, requestMessage } = first.final();
    const conversationId = conversation.conversationId;
    await askToEnd(server, user, {
      text: 'Read this',
      conversationId,
      parentMessageId: requestMessage.messageId,
      overrideParentMessageId: requestMessage.messageId,
      isRegenerate: true,
    });
    expect(JSON.stringify(completionBodies(openAI).at(-1)?.messages)).toContain('4242');
    const edited = await askToEnd(server, user, {
      text: 'Read this again',
      conversationId,
      parentMessageId: requestMessage.parentMessageId,
      overrideParentMessageId: requestMessage.messageId,
      isEdited: true,
    });
    expect(JSON.stringify(completionBodies(openAI).at(-1)?.messages)).toContain('4242');
    expect(edited.final().requestMessage.files).toEqual([
      expect.objectContaining({ file_id: notes.file_id, filename: 'notes.txt' }),
    ]);
  }, 60_000);

  it('refuses another user’s file with 404 File not found and saves nothing', async () => {
    const stranger = await chatUser(server);
    const theirs = await uploadImage(stranger);
    const response = await postJson(server, '/api/ask/openAI', user, {
      endpoint: 'openAI',
      model: CHAT_MODEL,
      text: 'Whose is this?',
      parentMessageId: NO_PARENT,
      files: [{ file_id: theirs.file_id }],
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'File not found' });
    expect(completionBodies(openAI)).toHaveLength(0);
    expect(await conversations()).toEqual([]);
  }, 60_000);

  it('refuses an image for an endpoint without vision with a 400 naming it', async () => {
    const picture = await uploadImage();
    const response = await postJson(server, '/api/ask/chatGPTBrowser', user, {
      endpoint: 'chatGPTBrowser',
      model: 'text-davinci-002-render-sha',
      text: 'See?',
      parentMessageId: NO_PARENT,
      files: [{ file_id: picture.file_id }],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: expect.stringContaining('Unsupported file type for endpoint: chatGPTBrowser') as unknown,
    });
    expect(await conversations()).toEqual([]);
  }, 60_000);
});
