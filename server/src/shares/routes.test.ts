import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NO_PARENT } from '@parley/shared/constants';
import { fileUploadResponseSchema } from '@parley/shared/schemas/file';
import { messageSchema, type Message } from '@parley/shared/schemas/message';
import {
  shareLinkPageSchema,
  shareLinkSchema,
  sharedConversationSchema,
  SHARES_PER_USER,
} from '@parley/shared/schemas/share';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir, testConfig } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { buildApp } from '../app';
import type { AppConfig } from '../config/app-config';
import type { Env } from '../config/env';
import { conversations, shares } from '../db/schema';
import { multipartBody } from '../files/test-multipart';
import { saveConversationForTurn } from '../conversations/service';
import { saveMessage } from '../messages/service';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describeEachEngine('share link routes', (getDb, { getDatabase }) => {
  let clock = Date.UTC(2026, 10, 28, 9);
  const now = () => new Date(clock);
  const apps: FastifyInstance[] = [];
  let app: FastifyInstance;
  let config: AppConfig;
  // Every app of the suite reads the same secrets (DATA_DIR), so one user's token is good on each.
  const cwd = tempDir();
  const appWith = async (env: Env) => {
    const built = await buildApp({ config: testConfig(env, cwd), database: getDatabase(), now });
    apps.push(built);
    return built;
  };
  beforeAll(async () => {
    config = testConfig({ ALLOW_SHARED_LINKS_PUBLIC: 'true' }, cwd);
    app = await buildApp({ config, database: getDatabase(), now });
    apps.push(app);
  });
  afterAll(() => Promise.all(apps.map((each) => each.close())));

  const user = (name: string): Promise<TestUser> =>
    createTestUser(
      { database: getDatabase(), config },
      { name, email: `${name}-${randomUUID()}@example.com` },
    );

  /** A conversation with a system prompt: question → [old answer, answer] → follow-up (the path ends there). */
  async function conversation(owner: TestUser, extra: Partial<Message> = {}) {
    const conversationId = randomUUID();
    await saveConversationForTurn(getDb(), owner.user.id, {
      conversationId,
      endpoint: 'openAI',
      model: 'gpt-4o',
      title: 'Trip to Lisbon',
      options: { promptPrefix: 'SECRET SYSTEM PROMPT' },
    });
    const save = (message: Partial<Message> & Pick<Message, 'text' | 'isCreatedByUser'>, parent: string) =>
      saveMessage(getDb(), owner.user.id, {
        messageId: randomUUID(),
        conversationId,
        parentMessageId: parent,
        sender: message.isCreatedByUser ? owner.user.name : 'GPT-4o',
        ...message,
      });
    const question = await save({ text: 'Where should I stay?', isCreatedByUser: true, ...extra }, NO_PARENT);
    const old = await save({ text: 'An older branch', isCreatedByUser: false }, question.messageId);
    const answer = await save(
      {
        text: 'Alfama is **lovely**.',
        isCreatedByUser: false,
        content: [
          { type: 'text', text: 'Alfama is **lovely**.' },
          {
            type: 'tool_call',
            tool_call: {
              id: 'call_1',
              type: 'function',
              name: 'web_search',
              arguments: JSON.stringify({ query: 'hotels', api_key: 'sk-live-123' }),
              output: 'three hotels',
              progress: 1,
            },
          },
        ],
      },
      question.messageId,
    );
    const followUp = await save({ text: 'Thanks!', isCreatedByUser: true }, answer.messageId);
    return { conversationId, question, old, answer, followUp };
  }

  const post = (owner: TestUser | null, url: string, payload?: object, on = app) =>
    on.inject({ method: 'POST', url, headers: owner?.headers ?? {}, ...(payload ? { payload } : {}) });
  const view = (shareId: string, viewer: TestUser | null = null, on = app) =>
    on.inject({ url: `/api/share/${shareId}`, headers: viewer?.headers ?? {} });
  const share = async (owner: TestUser, conversationId: string, body: object = {}) => {
    const response = await post(owner, `/api/share/${conversationId}`, body);
    expect(response.statusCode, response.body).toBe(201);
    return shareLinkSchema.parse(response.json());
  };

  it('snapshots the visible path without the owner, the system prompt or credentials', async () => {
    const alice = await user('alice');
    const chat = await conversation(alice);
    const link = await share(alice, chat.conversationId);
    expect(link.shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link).toMatchObject({
      conversationId: chat.conversationId,
      title: 'Trip to Lisbon',
      expiresAt: null,
    });
    expect(link.visibility).toBe('signed_in');

    const bob = await user('bob');
    const response = await view(link.shareId, bob);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const shared = sharedConversationSchema.parse(response.json());
    expect(shared.title).toBe('Trip to Lisbon');
    expect(shared.messages.map((message) => message.text)).toEqual([
      'Where should I stay?',
      'Alfama is **lovely**.',
      'Thanks!',
    ]);
    expect(shared.messages.map((message) => message.sender)).toEqual(['User', 'GPT-4o', 'User']);
    // A chain: each message's parent is the one before it.
    expect(shared.messages[1]?.parentMessageId).toBe(shared.messages[0]?.messageId);
    const text = response.body;
    for (const secret of [
      alice.user.id,
      alice.user.email,
      alice.user.name,
      'SECRET SYSTEM PROMPT',
      'sk-live-123',
      chat.conversationId,
      chat.question.messageId,
      'An older branch',
    ]) {
      expect(text).not.toContain(secret);
    }
    const call = shared.messages[1]?.content?.[1];
    expect(call).toMatchObject({
      type: 'tool_call',
      tool_call: { name: 'web_search', output: 'three hotels' },
    });
    expect(call?.type === 'tool_call' && JSON.parse(call.tool_call.arguments ?? '{}')).toEqual({
      query: 'hotels',
      api_key: '[redacted]',
    });
  });

  it('copies the branch on screen: from the current leaf the pager keeps, down the newest replies', async () => {
    const alice = await user('alice');
    const chat = await conversation(alice);
    const moved = await post(alice, '/api/convos/update', {
      arg: { conversationId: chat.conversationId, currentLeafId: chat.question.messageId },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The newest reply under the question is the answer, then its follow-up.
    const newest = await share(alice, chat.conversationId);
    const texts = async (shareId: string) =>
      sharedConversationSchema.parse((await view(shareId, alice)).json()).messages.map((m) => m.text);
    expect(await texts(newest.shareId)).toEqual(['Where should I stay?', 'Alfama is **lovely**.', 'Thanks!']);
    await post(alice, '/api/convos/update', {
      arg: { conversationId: chat.conversationId, currentLeafId: chat.old.messageId },
    });
    const refreshed = await app.inject({
      method: 'PATCH',
      url: `/api/share/${newest.shareId}`,
      headers: alice.headers,
      payload: { refresh: true },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(await texts(newest.shareId)).toEqual(['Where should I stay?', 'An older branch']);
  });

  it('keeps what the link showed after an edit or a deletion, until "Update link" copies again', async () => {
    const alice = await user('alice');
    const chat = await conversation(alice);
    const link = await share(alice, chat.conversationId, { targetMessageId: chat.answer.messageId });
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/messages/${chat.conversationId}/${chat.answer.messageId}`,
      headers: alice.headers,
      payload: { text: 'Baixa is better.' },
    });
    expect(edited.statusCode).toBe(200);
    const texts = async () =>
      sharedConversationSchema.parse((await view(link.shareId, alice)).json()).messages.map((m) => m.text);
    expect(await texts()).toEqual(['Where should I stay?', 'Alfama is **lovely**.']);

    const refreshed = await app.inject({
      method: 'PATCH',
      url: `/api/share/${link.shareId}`,
      headers: alice.headers,
      payload: { refresh: true },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(shareLinkSchema.parse(refreshed.json()).shareId).toBe(link.shareId);
    // The link was made up to the answer: the follow-up written after it stays out.
    expect(await texts()).toEqual(['Where should I stay?', 'Baixa is better.']);

    const deleted = await post(alice, '/api/convos/clear', { arg: { conversationId: chat.conversationId } });
    expect(deleted.statusCode).toBe(200);
    expect(await texts()).toEqual(['Where should I stay?', 'Baixa is better.']);
    const again = await app.inject({
      method: 'PATCH',
      url: `/api/share/${link.shareId}`,
      headers: alice.headers,
      payload: { refresh: true },
    });
    expect(again.statusCode).toBe(404);
  });

  it('opens a signed-in link only for accounts, a public one for anyone, and refuses public where not allowed', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const chat = await conversation(alice);
    const signedIn = await share(alice, chat.conversationId);
    expect((await view(signedIn.shareId)).statusCode).toBe(404);
    expect((await view(signedIn.shareId, bob)).statusCode).toBe(200);
    const forged = await app.inject({
      url: `/api/share/${signedIn.shareId}`,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(404);

    const open = await share(alice, chat.conversationId, { visibility: 'public' });
    const anonymous = await view(open.shareId);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.json()).toMatchObject({ shareId: open.shareId, title: 'Trip to Lisbon' });

    const closed = await appWith({});
    const refused = await post(alice, `/api/share/${chat.conversationId}`, { visibility: 'public' }, closed);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'public_shares_disabled',
      fields: { visibility: expect.any(String) },
    });
    // A public link made while allowed is then for accounts only.
    expect((await view(open.shareId, null, closed)).statusCode).toBe(404);
    expect((await view(open.shareId, bob, closed)).statusCode).toBe(200);
  });

  it('answers the same 404 for unknown, malformed, expired and revoked links', async () => {
    const alice = await user('alice');
    const chat = await conversation(alice);
    const expected = { message: 'This link does not exist or has expired' };
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '../../etc', 'x'.repeat(60)]) {
      const response = await view(encodeURIComponent(id), alice);
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual(expected);
    }
    const hour = await share(alice, chat.conversationId, { expiresIn: '1h', visibility: 'public' });
    expect(Date.parse(hour.expiresAt ?? '') - clock).toBe(3_600_000);
    expect((await view(hour.shareId)).statusCode).toBe(200);
    clock += 3_600_000;
    expect((await view(hour.shareId)).json()).toEqual(expected);
    // The owner can bring it back with a new expiry.
    const revived = await app.inject({
      method: 'PATCH',
      url: `/api/share/${hour.shareId}`,
      headers: alice.headers,
      payload: { expiresIn: null },
    });
    expect(shareLinkSchema.parse(revived.json()).expiresAt).toBeNull();
    expect((await view(hour.shareId)).statusCode).toBe(200);

    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/share/${hour.shareId}`,
      headers: alice.headers,
    });
    expect(revoked.json()).toEqual({ success: true, shareId: hour.shareId });
    expect((await view(hour.shareId, alice)).json()).toEqual(expected);
  });

  it("never shares, lists, changes or revokes another user's conversation, message or link", async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const chat = await conversation(alice);
    const own = await conversation(bob);
    const link = await share(alice, chat.conversationId);

    expect((await post(bob, `/api/share/${chat.conversationId}`, {})).statusCode).toBe(404);
    const foreignMessage = await post(bob, `/api/share/${own.conversationId}`, {
      targetMessageId: chat.answer.messageId,
    });
    expect(foreignMessage.statusCode).toBe(404);
    expect((await post(bob, `/api/share/not-an-id`, {})).statusCode).toBe(404);
    expect((await post(null, `/api/share/${chat.conversationId}`, {})).statusCode).toBe(401);

    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: `/api/share/${link.shareId}`,
        headers: bob.headers,
        ...(method === 'PATCH' ? { payload: { visibility: 'public' } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
    const bobsList = await app.inject({ url: '/api/share', headers: bob.headers });
    expect(shareLinkPageSchema.parse(bobsList.json()).links).toEqual([]);
    const alicesList = shareLinkPageSchema.parse(
      (await app.inject({ url: '/api/share', headers: alice.headers })).json(),
    );
    expect(alicesList.links.map((each) => each.shareId)).toEqual([link.shareId]);
    const probe = await app.inject({
      url: `/api/share/link/${chat.conversationId}`,
      headers: bob.headers,
    });
    expect(probe.json()).toMatchObject({ shareId: null });
    const mine = await app.inject({ url: `/api/share/link/${chat.conversationId}`, headers: alice.headers });
    expect(mine.json()).toMatchObject({ shareId: link.shareId, success: true });
    // Still unchanged for its owner.
    expect((await view(link.shareId, alice)).statusCode).toBe(200);
  });

  it('refuses a temporary chat like a missing one', async () => {
    const alice = await user('alice');
    const chat = await conversation(alice);
    await getDb()
      .update(conversations)
      .set({ isTemporary: true })
      .where(eq(conversations.conversationId, chat.conversationId));
    const response = await post(alice, `/api/share/${chat.conversationId}`, {});
    expect(response.statusCode).toBe(404);
    expect(await getDb().select().from(shares)).toEqual([]);
  });

  const uploadImage = async (owner: TestUser) => {
    const { payload, headers } = multipartBody([
      { name: 'file_id', value: randomUUID() },
      { name: 'endpoint', value: 'openAI' },
      { name: 'file', filename: 'view.png', type: 'image/png', data: await png() },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/files/images',
      headers: { ...owner.headers, ...headers },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image = fileUploadResponseSchema.parse(uploaded.json());
    return {
      image,
      files: [{ file_id: image.file_id, filename: 'view.png', filepath: image.filepath, type: 'image/png' }],
    };
  };

  it('copies an image into the share and serves it only through the live link', async () => {
    const alice = await user('alice');
    const { image, files } = await uploadImage(alice);
    const chat = await conversation(alice, { files });
    const link = await share(alice, chat.conversationId, { visibility: 'public' });
    const shared = sharedConversationSchema.parse((await view(link.shareId)).json());
    const file = shared.messages[0]?.files?.[0];
    expect(file?.file_id).not.toBe(image.file_id);
    expect(file?.filepath).toMatch(
      new RegExp(`^/api/share/${link.shareId}/files/[0-9a-f-]{36}\\?exp=\\d+&sig=`),
    );
    expect(JSON.stringify(shared)).not.toContain(image.file_id);

    const served = await app.inject({ url: file?.filepath ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-robots-tag']).toBe('noindex');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);
    // Another first character (one signature in 64 already starts with "A": then nothing was tampered).
    const tampered = await app.inject({
      url: (file?.filepath ?? '').replace(
        /sig=(.)/,
        (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`,
      ),
    });
    expect(tampered.statusCode).toBe(404);

    // Deleting the original leaves the copy; revoking the link takes the copy away.
    await app.inject({
      method: 'DELETE',
      url: '/api/files',
      headers: alice.headers,
      payload: { files: [{ file_id: image.file_id }] },
    });
    expect((await app.inject({ url: file?.filepath ?? '' })).statusCode).toBe(200);
    await app.inject({ method: 'DELETE', url: `/api/share/${link.shareId}`, headers: alice.headers });
    expect((await app.inject({ url: file?.filepath ?? '' })).statusCode).toBe(404);

    const withoutFiles = await appWith({ SHARED_LINKS_SNAPSHOT_FILES: 'false' });
    const second = await post(alice, `/api/share/${chat.conversationId}`, {}, withoutFiles);
    const plain = sharedConversationSchema.parse(
      (await view(shareLinkSchema.parse(second.json()).shareId, alice, withoutFiles)).json(),
    );
    expect(plain.messages[0]?.files?.[0]).toMatchObject({ filename: 'view.png' });
    expect(plain.messages[0]?.files?.[0]?.filepath).toBeUndefined();
  });

  it('continues a shared chat as a personal copy with its own image', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    const { image, files } = await uploadImage(alice);
    const chat = await conversation(alice, { files });
    const link = await share(alice, chat.conversationId);
    const copied = await post(bob, `/api/share/${link.shareId}/copy`);
    expect(copied.statusCode, copied.body).toBe(200);
    const { conversationId } = copied.json() as { conversationId: string };
    const listed = await app.inject({ url: `/api/messages/${conversationId}`, headers: bob.headers });
    const messages = messageSchema.array().parse(listed.json());
    expect(messages.map((message) => message.text).sort()).toEqual(
      ['Alfama is **lovely**.', 'Thanks!', 'Where should I stay?'].sort(),
    );
    const convo = await app.inject({ url: `/api/convos/${conversationId}`, headers: bob.headers });
    expect(convo.json()).toMatchObject({ title: 'Trip to Lisbon', endpoint: 'openAI', model: 'gpt-4o' });
    expect(convo.body).not.toContain('SECRET SYSTEM PROMPT');
    // The image is Bob's own file now: listed as his, served by his link, not Alice's.
    const question = messages.find((message) => message.isCreatedByUser && message.files?.length);
    const copy = question?.files?.[0];
    expect(copy?.file_id).not.toBe(image.file_id);
    expect(copy?.filepath).toMatch(/^\/api\/files\/content\//);
    const served = await app.inject({ url: copy?.filepath ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const bobsFiles = await app.inject({ url: '/api/files', headers: bob.headers });
    expect(JSON.stringify(bobsFiles.json())).toContain(copy?.file_id ?? 'missing');
    // Alice's conversation is not Bob's to read; the copy is his alone.
    expect(
      (await app.inject({ url: `/api/convos/${chat.conversationId}`, headers: bob.headers })).statusCode,
    ).toBe(404);
    expect((await post(null, `/api/share/${link.shareId}/copy`)).statusCode).toBe(401);
    expect((await post(bob, `/api/share/AAAAAAAAAAAAAAAAAAAAAA/copy`)).statusCode).toBe(404);
  });

  it('refuses the 1,001st link of a user with a clear message, and nothing is written', async () => {
    const alice = await user('alice');
    const chat = await conversation(alice);
    await getDb()
      .insert(shares)
      .values(
        Array.from({ length: SHARES_PER_USER }, (_, index) => ({
          shareId: `limit${String(index).padStart(17, '0')}`,
          userId: alice.user.id,
          conversationId: chat.conversationId,
          title: 'old',
        })),
      );
    const response = await post(alice, `/api/share/${chat.conversationId}`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'share_limit',
      message: expect.stringMatching(/1,000 shared links/),
    });
    expect(await getDb().select().from(shares).where(eq(shares.userId, alice.user.id))).toHaveLength(
      SHARES_PER_USER,
    );
  });

  it('answers 404 on every share route when ALLOW_SHARED_LINKS=false', async () => {
    const alice = await user('alice');
    const chat = await conversation(alice);
    const link = await share(alice, chat.conversationId, { visibility: 'public' });
    const off = await appWith({ ALLOW_SHARED_LINKS: 'false', ALLOW_SHARED_LINKS_PUBLIC: 'true' });
    const calls = [
      { method: 'GET', url: '/api/share' },
      { method: 'GET', url: `/api/share/${link.shareId}` },
      { method: 'GET', url: `/api/share/link/${chat.conversationId}` },
      { method: 'POST', url: `/api/share/${chat.conversationId}` },
      { method: 'PATCH', url: `/api/share/${link.shareId}` },
      { method: 'DELETE', url: `/api/share/${link.shareId}` },
      { method: 'POST', url: `/api/share/${link.shareId}/copy` },
    ] as const;
    for (const call of calls) {
      const response = await off.inject({ ...call, headers: alice.headers, payload: {} });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const config = await off.inject({ url: '/api/config' });
    expect(config.json()).toMatchObject({ sharedLinksEnabled: false, publicSharedLinksEnabled: false });
  });

  it('limits views per IP with Retry-After', async () => {
    const limited = await appWith({ SHARED_LINKS_IP_MAX: '3' });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await view('AAAAAAAAAAAAAAAAAAAAAA', null, limited)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    const refused = await view('AAAAAAAAAAAAAAAAAAAAAA', null, limited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers a revoked link with 404 on another instance at once', async () => {
    const alice = await user('alice');
    const chat = await conversation(alice);
    const other = await appWith({ ALLOW_SHARED_LINKS_PUBLIC: 'true' });
    const link = await share(alice, chat.conversationId, { visibility: 'public' });
    expect((await view(link.shareId, null, other)).statusCode).toBe(200);
    await app.inject({ method: 'DELETE', url: `/api/share/${link.shareId}`, headers: alice.headers });
    expect((await view(link.shareId, null, other)).statusCode).toBe(404);
  });
});
