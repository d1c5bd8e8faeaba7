// Images attached to an assistants message: an assistant with Image vision shows them to its model as image
// parts; one without (or a server whose capabilities leave it out) names them to the model and starts its
// reply with a notice that the model did not see them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { parseImagesNotSeen } from '@parley/shared/messages/images-not-seen';
import type { ContentPart, Message } from '@parley/shared/schemas/message';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { chatUser, EventReader, type ChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import { TEST_MANIFEST } from '../../test/test-tools';
import type { TestUser } from '../../test/test-users';
import { assistantChat, createAssistant, startAssistantsServer } from './test-assistant-chat';

let fake: FakeOpenAI;
let png: Buffer;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
});
afterAll(() => fake.close());

/** `POST /api/files/images` as a message file of the assistants endpoint; its file_id. */
async function uploadImage(server: ChatServer, user: TestUser): Promise<string> {
  const form = new FormData();
  form.set('file_id', crypto.randomUUID());
  form.set('endpoint', 'assistants');
  form.set('message_file', 'true');
  form.set('width', '40');
  form.set('height', '30');
  form.set('file', new Blob([png], { type: 'image/png' }), 'red dot.png');
  const response = await fetch(`${server.url}/api/files/images`, {
    method: 'POST',
    headers: user.headers,
    body: form,
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { file_id: string }).file_id;
}

/** The user turn of the model's first request, as JSON. */
const firstUserTurn = (): string => {
  const body = fake.requests[0]?.body as { messages: Array<{ role: string }> };
  return JSON.stringify(body.messages.filter((message) => message.role === 'user').at(-1));
};

const partsOf = (reader: EventReader): Array<{ index: number; part: ContentPart }> =>
  reader.events.flatMap((event) =>
    event.data.type === 'content' ? [{ index: event.data.index, part: event.data.part }] : [],
  );

async function savedReply(server: ChatServer, user: TestUser, reply: Message): Promise<Message | undefined> {
  const saved = await server.app.inject({
    url: `/api/messages/${reply.conversationId}`,
    headers: user.headers,
  });
  return saved.json<Message[]>().find((message) => message.messageId === reply.messageId);
}

const noticeOf = (part: ContentPart | undefined) =>
  part?.type === 'error' ? parseImagesNotSeen(part.error) : null;

describeEachEngine('assistants and the images of a message', (_getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startAssistantsServer(getDatabase(), fake, { toolManifest: TEST_MANIFEST });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    fake.reset();
    user = await chatUser(server);
  });

  const ask = async (assistantId: string, fileId: string) => {
    const reader = new EventReader(
      await assistantChat(server, user, {
        text: 'What colour is it?',
        assistant_id: assistantId,
        files: [{ file_id: fileId }],
      }),
    );
    await reader.done;
    expect(reader.types().at(-1)).toBe('final');
    return reader;
  };

  it('shows the images to the model of an assistant with Image vision', { timeout: 90_000 }, async () => {
    const assistant = await createAssistant(server, user, { tools: ['image_vision'] });
    const fileId = await uploadImage(server, user);
    fake.script({ replies: [{ text: 'Red.' }] });
    const reader = await ask(assistant.id, fileId);
    expect(firstUserTurn()).toMatch(/"type":"image_url".*data:image\/png;base64,/);
    // The capability is how the model sees, not a function it calls.
    expect(JSON.stringify(fake.requests[0]?.body)).not.toContain('"name":"image_vision"');
    expect(partsOf(reader)).toEqual([]);
    expect(reader.final().responseMessage.text).toBe('Red.');
  });

  it(
    'names the images to the model of an assistant without Image vision, and its reply says so first',
    { timeout: 90_000 },
    async () => {
      const assistant = await createAssistant(server, user, { name: 'Blind' });
      const fileId = await uploadImage(server, user);
      fake.script({ replies: [{ text: 'I cannot see it.', chunkSize: 4 }] });
      const reader = await ask(assistant.id, fileId);

      const turn = firstUserTurn();
      expect(turn).not.toContain('image_url');
      expect(turn).toContain('red dot.png');
      expect(turn).toContain('its content is not available to you');
      const [first] = partsOf(reader);
      expect(first?.index).toBe(0);
      expect(noticeOf(first?.part)).toMatchObject({
        type: 'images_not_seen',
        reason: 'assistant',
        files: ['red dot.png'],
      });
      expect(reader.text()).toBe('I cannot see it.');
      const reply = reader.final().responseMessage;
      expect(noticeOf(reply.content?.[0])?.files).toEqual(['red dot.png']);
      expect(reply.text).toBe('I cannot see it.');
      const saved = await savedReply(server, user, reply);
      expect(noticeOf(saved?.content?.[0])?.reason).toBe('assistant');
      expect(saved?.text).toBe('I cannot see it.');
    },
  );

  it(
    'puts the notice before the tool calls of an assistant with tools but without Image vision',
    { timeout: 90_000 },
    async () => {
      const assistant = await createAssistant(server, user, { tools: ['calculator'] });
      const fileId = await uploadImage(server, user);
      fake.script({
        replies: [
          { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"input":"2+2"}' }] },
          { text: 'Four, but I cannot see the picture.' },
        ],
      });
      const reader = await ask(assistant.id, fileId);
      expect(firstUserTurn()).not.toContain('image_url');
      const reply = reader.final().responseMessage;
      expect(reply.content?.map((part) => part.type)).toEqual(['error', 'tool_call', 'text']);
      expect(noticeOf(reply.content?.[0])?.reason).toBe('assistant');
      expect(reply.text).toBe('Four, but I cannot see the picture.');
    },
  );
});

describeEachEngine(
  'assistants on a server without the image_vision capability',
  (_getDb, { getDatabase }) => {
    let server: ChatServer;
    beforeAll(async () => {
      const config = join(tempDir(), 'librechat.yaml');
      writeFileSync(config, 'version: 1.0.8\nendpoints:\n  assistants:\n    capabilities: [tools]\n');
      server = await startAssistantsServer(getDatabase(), fake, { env: { CONFIG_PATH: config } });
    });
    afterAll(() => server.close());

    it('says the server cannot show images to the model', { timeout: 90_000 }, async () => {
      fake.reset();
      const user = await chatUser(server);
      const assistant = await createAssistant(server, user);
      const fileId = await uploadImage(server, user);
      fake.script({ replies: [{ text: 'No picture here.' }] });
      const reader = new EventReader(
        await assistantChat(server, user, {
          text: 'What is it?',
          assistant_id: assistant.id,
          files: [{ file_id: fileId }],
        }),
      );
      await reader.done;
      expect(firstUserTurn()).not.toContain('image_url');
      expect(noticeOf(reader.final().responseMessage.content?.[0])).toMatchObject({
        reason: 'server',
        files: ['red dot.png'],
      });
    });
  },
);
