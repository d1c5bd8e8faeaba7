import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser } from '../../test/test-users';
import { userKeys } from '../db/schema';
import { createEncryption } from '../lib/encryption';
import { AppError } from '../lib/errors';
import { createKeysService } from './service';

const HOUR = 3_600_000;

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error instanceof AppError) return error;
  throw new Error(`expected an AppError, got ${String(error)}`);
}

describeEachEngine('keys service', (getDb, { getDatabase }) => {
  const credsKey = randomBytes(32).toString('hex');
  const at = new Date('2030-01-01T12:00:00.000Z');
  const service = (now = at, key = credsKey) =>
    createKeysService({ db: getDb(), encryption: createEncryption(key), now: () => now });
  const newUser = async () => (await createTestUser(getDatabase(), { password: null })).user.id;

  it('reads back the plaintext of an unexpired key', async () => {
    const userId = await newUser();
    const expiresAt = new Date(at.getTime() + HOUR).toISOString();
    await service().saveKey(userId, { name: 'anthropic', value: 'sk-ant-123', expiresAt });
    expect(await service().readActiveKey(userId, 'anthropic')).toBe('sk-ant-123');
    await service().saveKey(userId, { name: 'bingAI', value: 'cookie=1', expiresAt: null });
    expect(await service().readActiveKey(userId, 'bingAI')).toBe('cookie=1');
  });

  it('answers no_user_key when the caller has no key of that name', async () => {
    const owner = await newUser();
    const other = await newUser();
    await service().saveKey(owner, { name: 'openAI', value: '{"apiKey":"sk"}', expiresAt: null });
    const error = await failure(service().readActiveKey(other, 'openAI'));
    expect(error).toMatchObject({ status: 400, code: 'no_user_key', details: { endpoint: 'openAI' } });
  });

  it('answers expired_user_key with the endpoint and the expiry time once the key has expired', async () => {
    const userId = await newUser();
    const expiresAt = new Date(at.getTime() + HOUR);
    await service().saveKey(userId, {
      name: 'openAI',
      value: '{"apiKey":"sk"}',
      expiresAt: expiresAt.toISOString(),
    });
    const error = await failure(service(new Date(expiresAt.getTime() + 1)).readActiveKey(userId, 'openAI'));
    expect(error.code).toBe('expired_user_key');
    expect(error.details).toEqual({ endpoint: 'openAI', expiredAt: expiresAt.toISOString() });
    expect(error.message).toBe(
      `Provided key for openAI expired at ${expiresAt.toISOString()}. Please provide a key and try again.`,
    );
  });

  it('answers invalid_user_key for a value encrypted with another key', async () => {
    const userId = await newUser();
    await service(at, randomBytes(32).toString('hex')).saveKey(userId, { name: 'openAI', value: 'x' });
    const error = await failure(service().readActiveKey(userId, 'openAI'));
    expect(error.code).toBe('invalid_user_key');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('answers invalid_user_key for a value copied into another user’s row', async () => {
    const victim = await newUser();
    const thief = await newUser();
    await service().saveKey(victim, { name: 'openAI', value: '{"apiKey":"sk-victim"}' });
    await service().saveKey(thief, { name: 'openAI', value: '{"apiKey":"sk-thief"}' });
    const [stolen] = await getDb().select().from(userKeys).where(eq(userKeys.userId, victim));
    await getDb()
      .update(userKeys)
      .set({ valueEncrypted: stolen?.valueEncrypted ?? '' })
      .where(eq(userKeys.userId, thief));
    expect((await failure(service().readActiveKey(thief, 'openAI'))).code).toBe('invalid_user_key');
  });
});
