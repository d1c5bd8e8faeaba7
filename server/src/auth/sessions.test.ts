import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser } from '../../test/test-users';
import { createSessions } from './sessions';

describeEachEngine('sessions', (getDb, { getDatabase }) => {
  let clock = Date.now();
  const sessions = () => createSessions({ db: getDb(), ttlMs: 60_000, now: () => new Date(clock) });

  it('keeps the session’s absolute expiry across rotations', async () => {
    const { user } = await createTestUser(getDatabase());
    const first = await sessions().start(user.id);
    clock += 30_000;
    const rotated = await sessions().rotate(first.token);
    expect(rotated.ok && rotated.refresh.expiresAt.getTime()).toBe(first.expiresAt.getTime());
    clock = Date.now();
  });

  it('lets only one of two simultaneous rotations of the same token win, and then ends the session', async () => {
    const { user } = await createTestUser(getDatabase());
    const { token } = await sessions().start(user.id);
    const outcomes = await Promise.all([sessions().rotate(token), sessions().rotate(token)]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toEqual({ ok: false, reason: 'reused' });
    const winner = outcomes.find((outcome) => outcome.ok);
    expect(winner?.ok && (await sessions().rotate(winner.refresh.token))).toEqual({
      ok: false,
      reason: 'revoked',
    });
  });

  it('revokes every session of one user and none of another', async () => {
    const [ada, bob] = [await createTestUser(getDatabase()), await createTestUser(getDatabase())];
    const adaOne = await sessions().start(ada.user.id);
    const adaTwo = await sessions().start(ada.user.id);
    const bobs = await sessions().start(bob.user.id);
    await sessions().revokeAllOf(ada.user.id);
    expect(await sessions().rotate(adaOne.token)).toEqual({ ok: false, reason: 'revoked' });
    expect(await sessions().rotate(adaTwo.token)).toEqual({ ok: false, reason: 'revoked' });
    expect((await sessions().rotate(bobs.token)).ok).toBe(true);
  });
});
