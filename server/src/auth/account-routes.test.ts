import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileUploadResponseSchema } from '@parley/shared/schemas/file';
import { buildAppOn, cookiesOf } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { seedRows } from '../../test/hostile/seed-rows';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../db/client';
import { multipartBody } from '../files/test-multipart';
import { ACCOUNT_ERRORS } from './account';
import { EMAIL_MISMATCH } from './account-routes';

describeEachEngine('account routes', (_getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  let database: Database;
  beforeAll(async () => {
    ({ app, config, database } = await buildAppOn(getDatabase(), { env: { LOGIN_MAX: '1000' } }));
  });
  afterAll(() => app.close());

  const newUser = () => createTestUser({ database, config });
  const login = async (user: TestUser, password = user.password ?? '') => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password },
    });
    expect(response.statusCode, response.body).toBe(200);
    return `refreshToken=${cookiesOf(response).get('refreshToken')?.value ?? ''}`;
  };
  const refresh = (cookie: string) =>
    app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
  const call = (
    method: 'PATCH' | 'POST' | 'DELETE',
    url: string,
    user: TestUser,
    payload: object,
    cookie = '',
  ) => app.inject({ method, url, payload, headers: { ...user.headers, ...(cookie ? { cookie } : {}) } });

  it('renames with the registration rules', async () => {
    const user = await newUser();
    const renamed = await call('PATCH', '/api/user', user, { name: '  Ada King  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: user.user.id, name: 'Ada King' });
    const short = await call('PATCH', '/api/user', user, { name: 'Al' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Name must be at least 3 characters');
  });

  it('changes the password only with the current one, and signs out the other sessions only', async () => {
    const user = await newUser();
    const here = await login(user);
    const elsewhere = await login(user);
    const body = {
      currentPassword: 'not it at all',
      password: 'new password 1',
      confirm_password: 'new password 1',
    };
    const wrong = await call('POST', '/api/auth/password', user, body, here);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: ACCOUNT_ERRORS.wrongPassword });
    const mismatch = await call('POST', '/api/auth/password', user, {
      ...body,
      currentPassword: user.password,
      confirm_password: 'something else',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('Passwords do not match');
    const tooShort = await call('POST', '/api/auth/password', user, {
      currentPassword: user.password,
      password: 'short',
      confirm_password: 'short',
    });
    expect(tooShort.statusCode).toBe(400);

    const changed = await call(
      'POST',
      '/api/auth/password',
      user,
      { ...body, currentPassword: user.password },
      here,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ revoked: 1 });
    expect((await refresh(elsewhere)).statusCode).toBe(401);
    expect((await refresh(here)).statusCode).toBe(200);
    await login(user, 'new password 1');
  });

  it('a social account has no password to change', async () => {
    const user = await createTestUser({ database, config }, { password: null });
    const response = await call('POST', '/api/auth/password', user, {
      currentPassword: 'anything at all',
      password: 'new password 1',
      confirm_password: 'new password 1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: ACCOUNT_ERRORS.noPassword });
  });

  it('signs out every other session and keeps this one', async () => {
    const user = await newUser();
    const here = await login(user);
    const others = [await login(user), await login(user)];
    const response = await call('POST', '/api/auth/sessions/revoke-others', user, {}, here);
    expect(response.json()).toEqual({ revoked: 2 });
    for (const cookie of others) expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await refresh(here)).statusCode).toBe(200);
  });

  /** Every table with a user column, and how many of its rows name `userId`. */
  async function rowsNaming(userId: string): Promise<Record<string, number>> {
    const columns = await database.db.execute<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and column_name in ('user_id', 'user', 'owner_id')`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name: table, column_name: column } of columns.rows) {
      const { rows } = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text = ${userId}`,
      );
      counts[`${table}.${column}`] = rows[0]?.n ?? -1;
    }
    return counts;
  }

  it('deletes the account with everything that names it, after the email is typed again', async () => {
    const user = await newUser();
    const other = await newUser();
    await seedRows(app, database, user);
    const kept = await seedRows(app, database, other);
    const here = await login(user);
    await login(user);
    const { payload, headers } = multipartBody([
      { name: 'file_id', value: randomUUID() },
      { name: 'endpoint', value: 'openAI' },
      { name: 'file', filename: 'notes.txt', type: 'text/plain', data: 'hello, files' },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/files',
      payload,
      headers: { ...user.headers, ...headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = fileUploadResponseSchema.parse(uploaded.json());
    const stored = await database.db.execute<{ filepath: string }>(
      sql`select filepath from files where file_id = ${file.file_id}`,
    );
    const root = config.fileStorage.kind === 'local' ? config.fileStorage.root : null;
    const bytes = root && stored.rows[0] ? join(root, stored.rows[0].filepath) : null;
    expect(bytes).not.toBeNull();
    if (bytes) expect(existsSync(bytes)).toBe(true);

    const before = await rowsNaming(user.user.id);
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(8);
    for (const table of [
      'conversations.user_id',
      'messages.user_id',
      'user_keys.user_id',
      'presets.user_id',
      'files.user_id',
      'sessions.user_id',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }

    const mismatch = await call('DELETE', '/api/user', user, { email: other.user.email }, here);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ message: EMAIL_MISMATCH });
    expect(await rowsNaming(user.user.id)).toEqual(before);

    const deleted = await call(
      'DELETE',
      '/api/user',
      user,
      { email: ` ${user.user.email.toUpperCase()} ` },
      here,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await rowsNaming(user.user.id);
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where id = ${user.user.id}`,
    );
    expect(rows[0]?.n).toBe(0);
    if (bytes) expect(existsSync(bytes)).toBe(false);
    expect((await refresh(here)).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/user', headers: user.headers })).statusCode).toBe(401);

    // The other user keeps everything.
    const theirs = await app.inject({ url: `/api/convos/${kept.conversationId}`, headers: other.headers });
    expect(theirs.statusCode).toBe(200);
  });
});
