import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { fileListSchema, fileUploadResponseSchema } from '@parley/shared/schemas/file';
import { userSchema } from '@parley/shared/schemas/user';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import { issueResetLink } from '../auth/password-reset';
import type { AppConfig } from '../config/app-config';
import { multipartBody } from './test-multipart';

const EXPIRED = 'This file link has expired. Reload the page to get a new one.';
const HOUR = 3600 * 1000;

describeEachEngine('signed file links expire and die with a password reset', (getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    ({ app, config } = await buildAppOn(getDatabase()));
  });
  afterAll(() => app.close());
  afterEach(() => vi.useRealTimers());

  // A token that outlives the jumps in time below.
  const user = (): Promise<TestUser> =>
    createTestUser({ database: getDatabase(), config }, { password: null, ttlSeconds: 7 * 86_400 });
  const upload = async (owner: TestUser) => {
    const { payload, headers } = multipartBody([
      { name: 'file_id', value: randomUUID() },
      { name: 'endpoint', value: 'openAI' },
      { name: 'file', filename: 'notes.txt', type: 'text/plain', data: 'hello, links' },
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/files',
      payload,
      headers: { ...owner.headers, ...headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    return fileUploadResponseSchema.parse(response.json());
  };
  const listed = async (owner: TestUser, fileId: string) => {
    const response = await app.inject({ url: '/api/files', headers: owner.headers });
    return fileListSchema.parse(response.json()).find((file) => file.file_id === fileId)?.filepath ?? '';
  };
  const jumpTo = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms);
  };

  it('a link stops after its expiry with a readable 403; listing the files signs a new one', async () => {
    const alice = await user();
    const file = await upload(alice);
    expect(file.filepath).toMatch(
      new RegExp(`^/api/files/content/${file.file_id}\\?exp=\\d+&sig=[\\w-]{43}$`),
    );
    expect((await app.inject({ url: file.filepath })).statusCode).toBe(200);

    jumpTo(Date.now() + 31 * HOUR);
    const expired = await app.inject({ url: file.filepath });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ message: EXPIRED });

    const fresh = await listed(alice, file.file_id);
    expect(fresh).not.toBe(file.filepath);
    const served = await app.inject({ url: fresh });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('hello, links');
    // Writing a later expiry into the old link does not make it valid again.
    const stretched = file.filepath.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 86_400}`);
    expect((await app.inject({ url: stretched })).statusCode).toBe(404);
  });

  it('links made before the owner resets their password stop working; the new ones work', async () => {
    const alice = await user();
    const file = await upload(alice);
    expect((await app.inject({ url: file.filepath })).statusCode).toBe(200);

    const link = new URL(
      await issueResetLink(
        { db: getDb(), now: () => new Date(), settings: { domainClient: 'http://parley.test' } },
        alice.user.id,
        HOUR,
      ),
    );
    const password = 'a brand new password';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: {
        token: link.searchParams.get('token'),
        userId: alice.user.id,
        password,
        confirm_password: password,
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const before = await app.inject({ url: file.filepath });
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ message: 'File not found' });
    const after = await listed(alice, file.file_id);
    expect((await app.inject({ url: after })).statusCode).toBe(200);
  });

  it("the user's avatar is signed afresh when read", async () => {
    const alice = await user();
    const file = await upload(alice);
    jumpTo(Date.now() + 31 * HOUR);
    expect((await app.inject({ url: file.filepath })).statusCode).toBe(403);
    // The avatar column keeps the link as it was made; the API shows a fresh one.
    const { users } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    await getDb().update(users).set({ avatar: file.filepath }).where(eq(users.id, alice.user.id));
    const me = userSchema.parse((await app.inject({ url: '/api/user', headers: alice.headers })).json());
    expect(me.avatar).not.toBe(file.filepath);
    expect((await app.inject({ url: me.avatar ?? '' })).statusCode).toBe(200);
  });
});
