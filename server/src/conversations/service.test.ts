import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { DEFAULT_TITLE } from '@parley/shared/constants';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { AppError } from '../lib/errors';
import {
  findConversation,
  getConversation,
  getGeneratedTitle,
  saveConversationForTurn,
  setGeneratedTitle,
  updateConversation,
} from './service';
import { createTestUser } from '../../test/test-users';

const statusOf = (promise: Promise<unknown>): Promise<number | undefined> =>
  promise.then(
    () => undefined,
    (error: AppError) => error.status,
  );

describeEachEngine('conversation service', (getDb, { getDatabase }) => {
  const turn = (conversationId: string, model = 'gpt-4o', options = {}) => ({
    conversationId,
    endpoint: 'openAI',
    endpointType: null,
    model,
    options,
  });

  it('creates a conversation for a turn with the default title, then refreshes it on the next turn', async () => {
    const alice = await createTestUser(getDatabase(), { name: 'alice', password: null });
    const id = randomUUID();
    const created = await saveConversationForTurn(
      getDb(),
      alice.user.id,
      turn(id, 'gpt-4o', { temperature: 0.5 }),
    );
    expect(created).toMatchObject({
      conversationId: id,
      title: DEFAULT_TITLE,
      model: 'gpt-4o',
      temperature: 0.5,
    });

    await setGeneratedTitle(getDb(), alice.user.id, id, 'Kept title');
    const next = await saveConversationForTurn(getDb(), alice.user.id, {
      ...turn(id, 'gpt-4o-mini', { topP: 0.9 }),
      title: 'ignored on update',
    });
    expect(next).toMatchObject({ title: 'Kept title', model: 'gpt-4o-mini', topP: 0.9 });
    expect(next).not.toHaveProperty('temperature');
    expect(next.updatedAt > created.updatedAt).toBe(true);
    expect(next.createdAt).toBe(created.createdAt);
  });

  it('refuses a turn in another user’s conversation and leaves it unchanged', async () => {
    const alice = await createTestUser(getDatabase(), { name: 'alice', password: null });
    const bob = await createTestUser(getDatabase(), { name: 'bob', password: null });
    const id = randomUUID();
    const original = await saveConversationForTurn(getDb(), alice.user.id, turn(id));
    expect(await statusOf(saveConversationForTurn(getDb(), bob.user.id, turn(id, 'gpt-4')))).toBe(404);
    expect(await getConversation(getDb(), alice.user.id, id)).toEqual(original);
    expect(await findConversation(getDb(), bob.user.id, id)).toBeNull();
    expect(await statusOf(getConversation(getDb(), bob.user.id, id))).toBe(404);
    expect(await statusOf(setGeneratedTitle(getDb(), bob.user.id, id, 'Hijack'))).toBe(404);
    expect((await getConversation(getDb(), alice.user.id, id)).title).toBe(DEFAULT_TITLE);
  });

  it('works inside a caller’s transaction and rolls back with it', async () => {
    const alice = await createTestUser(getDatabase(), { name: 'alice', password: null });
    const id = randomUUID();
    await expect(
      getDb().transaction(async (tx) => {
        await saveConversationForTurn(tx, alice.user.id, turn(id));
        expect(await findConversation(tx, alice.user.id, id)).not.toBeNull();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await findConversation(getDb(), alice.user.id, id)).toBeNull();
  });

  it('never lets a generated title replace a rename', async () => {
    const alice = await createTestUser(getDatabase(), { name: 'alice', password: null });
    const id = randomUUID();
    await saveConversationForTurn(getDb(), alice.user.id, turn(id));
    await updateConversation(getDb(), alice.user.id, { conversationId: id, title: 'My name' });
    const after = await setGeneratedTitle(getDb(), alice.user.id, id, 'Generated');
    expect(after.title).toBe('My name');
  });

  it('gen_title waits for a title generated shortly after asking, and gives up after the wait', async () => {
    const alice = await createTestUser(getDatabase(), { name: 'alice', password: null });
    const id = randomUUID();
    await saveConversationForTurn(getDb(), alice.user.id, turn(id));
    // An injected clock: read once for the deadline, then once per look at the conversation.
    const started = Date.now();
    let reads = 0;
    let advanceBy = 0;
    const now = () => new Date(started + advanceBy * reads++);
    const wait = { waitMs: 2_000, intervalMs: 5, pendingForMs: 60_000, now };

    // The clock stands still: it keeps asking until the title is there.
    const asked = getGeneratedTitle(getDb(), alice.user.id, id, wait);
    await expect.poll(() => reads).toBeGreaterThanOrEqual(3); // looked twice, no title
    await setGeneratedTitle(getDb(), alice.user.id, id, '  Trip to Rome  ');
    expect(await asked).toEqual({ title: 'Trip to Rome' });

    // 800 ms pass at every look: looks at 0.8 and 1.6 s are within the 2 s wait, the one at 2.4 s is not.
    const other = randomUUID();
    await saveConversationForTurn(getDb(), alice.user.id, turn(other));
    reads = 0;
    advanceBy = 800;
    expect(await statusOf(getGeneratedTitle(getDb(), alice.user.id, other, wait))).toBe(404);
    expect(reads).toBe(4);
  });
});
