import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminPaths } from '@parley/shared/api/admin-paths';
import { expectAdmitted, expectNothingWritten, expectRefused } from '../../test/access-token-probes';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';
import { signAccessToken } from '../lib/access-token';

/** A JWT's three parts, the first two decoded. */
function split(token: string): { header: object; payload: Record<string, unknown>; signature: string } {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as object;
  return { header: decode(header), payload: decode(payload) as Record<string, unknown>, signature };
}
const encode = (part: object): string => Buffer.from(JSON.stringify(part)).toString('base64url');
const join = (header: object, payload: object, signature: string): string =>
  `${encode(header)}.${encode(payload)}.${signature}`;

// Each forgery is tried on the caller's own rows (reads and writes) and on the administration routes, where a
// genuine non-administrator gets 403: a forged token gets 401 everywhere, and writes nothing.
describeEachEngine('forged and expired access tokens are refused', (_getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    ({ app, config } = await buildAppOn(getDatabase()));
  });
  afterAll(() => app.close());

  /** An ADMIN (the first account) and a USER, with genuine tokens, both forged from below. */
  async function twoUsers(): Promise<{ admin: TestUser; user: TestUser }> {
    const admin = await createTestUser({ database: getDatabase(), config }, { password: null });
    const user = await createTestUser({ database: getDatabase(), config }, { password: null });
    expect([admin.user.role, user.user.role]).toEqual(['ADMIN', 'USER']);
    return { admin, user };
  }

  async function expectNothingWrittenBy({ admin, user }: { admin: TestUser; user: TestUser }): Promise<void> {
    await expectNothingWritten(app, user.token, admin.token);
    await expectNothingWritten(app, admin.token);
  }

  it('admits the genuine tokens (the refusals below are the forgery’s): the admin’s on administration too', async () => {
    const { admin, user } = await twoUsers();
    await expectAdmitted(app, user.token);
    await expectAdmitted(app, admin.token, { admin: true });
    const userOnAdmin = await app.inject({ url: adminPaths.users, headers: user.headers });
    expect(userOnAdmin.statusCode).toBe(403);
  });

  it('refuses a token signed with another secret', async () => {
    const users = await twoUsers();
    for (const owner of [users.user, users.admin]) {
      const forged = await signAccessToken(
        'another-server-jwt-secret-0123456789abcdef',
        { id: owner.user.id, role: owner.user.role },
        900,
      );
      await expectRefused(app, forged, owner.user.role);
    }
    await expectNothingWrittenBy(users);
  });

  it('refuses a token with alg none, unsigned or with the genuine signature kept', async () => {
    const users = await twoUsers();
    for (const owner of [users.user, users.admin]) {
      const { header, payload, signature } = split(owner.token);
      for (const alg of ['none', 'None', 'NONE']) {
        for (const kept of ['', signature]) {
          await expectRefused(app, join({ ...header, alg }, payload, kept), `${owner.user.role} alg ${alg}`);
        }
      }
    }
    await expectNothingWrittenBy(users);
  });

  it('refuses an expired token signed with the right secret', async () => {
    const users = await twoUsers();
    const nowSeconds = Math.floor(Date.now() / 1000);
    for (const owner of [users.user, users.admin]) {
      const expired = await new SignJWT({ role: owner.user.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(owner.user.id)
        .setIssuedAt(nowSeconds - 960)
        .setExpirationTime(nowSeconds - 60)
        .sign(new TextEncoder().encode(config.secrets.jwtSecret));
      await expectRefused(app, expired, owner.user.role);
    }
    await expectNothingWrittenBy(users);
  });

  it('refuses a token whose payload was edited (role ADMIN, or another user) with its signature kept', async () => {
    const users = await twoUsers();
    const { admin, user } = users;
    const { header, payload, signature } = split(user.token);
    expect(payload).toMatchObject({ role: 'USER', sub: user.user.id });
    await expectRefused(app, join(header, { ...payload, role: 'ADMIN' }, signature), 'role ADMIN');
    await expectRefused(app, join(header, { ...payload, sub: admin.user.id }, signature), 'sub of the admin');
    await expectNothingWrittenBy(users);
  });
});
