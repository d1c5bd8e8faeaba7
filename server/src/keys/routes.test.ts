import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildAppOn, type AppOnDatabase } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import { userKeys } from '../db/schema';

const SECRET_VALUE = '{"apiKey":"sk-plaintext-secret-123"}';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describeEachEngine('user keys routes', (getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;

  let built: AppOnDatabase;

  beforeAll(async () => {
    built = await buildAppOn(getDatabase(), { env: { OLLAMA_BASE_URL: 'off' } });
    app = built.app;
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    alice = await createTestUser(built, { password: null });
    bob = await createTestUser(built, { password: null });
  });

  const put = (user: TestUser, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: '/api/keys', headers: user.headers, payload });
  const expiryOf = async (user: TestUser, name: string) => {
    const response = await app.inject({ url: `/api/keys?name=${name}`, headers: user.headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ expiresAt: string | null }>().expiresAt;
  };

  it('stores a key encrypted, answers its expiry and never its value', async () => {
    const expiresAt = inAnHour();
    const saved = await put(alice, { name: 'openAI', value: SECRET_VALUE, expiresAt });
    expect(saved.statusCode).toBe(201);
    expect(saved.body).toBe('');

    const response = await app.inject({ url: '/api/keys?name=openAI', headers: alice.headers });
    expect(response.json()).toEqual({ expiresAt });

    const rows = await getDb().select().from(userKeys).where(eq(userKeys.userId, alice.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.valueEncrypted).toMatch(/^v1:/);
    expect(rows[0]?.valueEncrypted).not.toContain('sk-plaintext-secret');
    expect(JSON.stringify(rows)).not.toContain('plaintext-secret');
  });

  it('answers expiresAt null for a missing key and for one that never expires', async () => {
    expect(await expiryOf(alice, 'openAI')).toBeNull();
    await put(alice, { name: 'anthropic', value: 'sk-ant', expiresAt: null });
    expect(await expiryOf(alice, 'anthropic')).toBeNull();
  });

  it('replaces the key of the same name', async () => {
    await put(alice, { name: 'openAI', value: 'first', expiresAt: inAnHour() });
    const later = new Date(Date.now() + 7_200_000).toISOString();
    expect((await put(alice, { name: 'openAI', value: 'second', expiresAt: later })).statusCode).toBe(201);
    expect(await expiryOf(alice, 'openAI')).toBe(later);
    expect(await getDb().select().from(userKeys)).toHaveLength(1);
  });

  it('shows the past expiry of an expired key', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    await put(alice, { name: 'openAI', value: SECRET_VALUE, expiresAt: past });
    expect(await expiryOf(alice, 'openAI')).toBe(past);
  });

  it('answers 400 "value is required" for a missing or blank value', async () => {
    for (const payload of [{ name: 'openAI' }, { name: 'openAI', value: '  ' }]) {
      const response = await put(alice, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'value is required' });
    }
    expect((await put(alice, { value: 'x' })).statusCode).toBe(400);
    expect((await put(alice, { name: 'openAI', value: 'x', expiresAt: 'tomorrow' })).statusCode).toBe(400);
  });

  it('keeps users apart: another user can neither read nor delete a key', async () => {
    const expiresAt = inAnHour();
    await put(alice, { name: 'openAI', value: SECRET_VALUE, expiresAt });
    expect(await expiryOf(bob, 'openAI')).toBeNull();

    const one = await app.inject({ method: 'DELETE', url: '/api/keys/openAI', headers: bob.headers });
    expect(one.statusCode).toBe(204);
    const all = await app.inject({ method: 'DELETE', url: '/api/keys?all=true', headers: bob.headers });
    expect(all.statusCode).toBe(204);
    expect(await expiryOf(alice, 'openAI')).toBe(expiresAt);
  });

  it('deletes one key by name, or all of the caller’s keys with all=true', async () => {
    for (const name of ['openAI', 'anthropic', 'google']) {
      await put(alice, { name, value: 'v', expiresAt: inAnHour() });
    }
    await put(bob, { name: 'openAI', value: 'v', expiresAt: inAnHour() });

    const one = await app.inject({ method: 'DELETE', url: '/api/keys/openAI', headers: alice.headers });
    expect(one.statusCode).toBe(204);
    expect(await expiryOf(alice, 'openAI')).toBeNull();
    expect(await expiryOf(alice, 'anthropic')).not.toBeNull();

    const refused = await app.inject({ method: 'DELETE', url: '/api/keys', headers: alice.headers });
    expect(refused.statusCode).toBe(400);

    const all = await app.inject({ method: 'DELETE', url: '/api/keys?all=true', headers: alice.headers });
    expect(all.statusCode).toBe(204);
    const left = await getDb().select({ userId: userKeys.userId }).from(userKeys);
    expect(left).toEqual([{ userId: bob.user.id }]);
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ url: '/api/keys?name=openAI' })).statusCode).toBe(401);
    const put401 = await app.inject({ method: 'PUT', url: '/api/keys', payload: { name: 'a', value: 'b' } });
    expect(put401.statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/keys?all=true' })).statusCode).toBe(401);
  });
});
