import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser } from '../../test/test-users';
import { createSessions, GRACE_ROTATIONS, ROTATION_GRACE_MS } from './sessions';

describeEachEngine('sessions', (getDb, { getDatabase }) => {
  let clock = Date.now();
  const sessions = () =>
    createSessions({ db: getDb(), ttlMs: 60_000, now: () => new Date(clock), rotationKey: 'shared-key' });

  it('keeps the session’s absolute expiry across rotations', async () => {
    const { user } = await createTestUser(getDatabase());
    const first = await sessions().start(user.id);
    clock += 30_000;
    const rotated = await sessions().rotate(first.token);
    expect(rotated.ok && rotated.refresh.expiresAt.getTime()).toBe(first.expiresAt.getTime());
    clock = Date.now();
  });

  it('answers four simultaneous rotations of one token (four tabs) with the same next token, on two instances', async () => {
    const { user } = await createTestUser(getDatabase());
    const { token } = await sessions().start(user.id);
    // Two `Sessions` stand for two server instances sharing the database and the key.
    const [one, two] = [sessions(), sessions()];
    const outcomes = await Promise.all([
      one.rotate(token),
      two.rotate(token),
      one.rotate(token),
      two.rotate(token),
    ]);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const next = new Set(outcomes.map((outcome) => (outcome.ok ? outcome.refresh.token : '')));
    expect(next.size).toBe(1);
    const [current = ''] = [...next];
    expect((await one.rotate(current)).ok).toBe(true);
  });

  it('lets the token rotated last answer within the grace window, then revokes on its reuse', async () => {
    const { user } = await createTestUser(getDatabase());
    const { token: first } = await sessions().start(user.id);
    const rotated = await sessions().rotate(first);
    if (!rotated.ok) throw new Error('first rotation failed');
    clock += ROTATION_GRACE_MS - 1000;
    expect(await sessions().rotate(first)).toEqual(rotated);
    clock += 2000;
    expect(await sessions().rotate(first)).toEqual({ ok: false, reason: 'reused' });
    expect(await sessions().rotate(rotated.refresh.token)).toEqual({ ok: false, reason: 'revoked' });
    clock = Date.now();
  });

  it('answers a token two rotations behind within the grace (tabs refreshing out of order), then revokes on its reuse', async () => {
    // Four tabs reload together: one refreshes with the cookie, another already holding the new cookie
    // refreshes again, and a third's request with the first cookie is answered after both.
    const { user } = await createTestUser(getDatabase());
    const { token: first } = await sessions().start(user.id);
    const second = await sessions().rotate(first);
    if (!second.ok) throw new Error('rotation failed');
    const third = await sessions().rotate(second.refresh.token);
    if (!third.ok) throw new Error('rotation failed');
    expect(await sessions().rotate(first)).toEqual(third);
    clock += ROTATION_GRACE_MS + 1000;
    expect(await sessions().rotate(first)).toEqual({ ok: false, reason: 'reused' });
    expect(await sessions().rotate(third.refresh.token)).toEqual({ ok: false, reason: 'revoked' });
    clock = Date.now();
  });

  it('revokes the session when a token more rotations behind than tabs would be comes back, even at once', async () => {
    const { user } = await createTestUser(getDatabase());
    const { token: first } = await sessions().start(user.id);
    let token = first;
    for (let step = 0; step <= GRACE_ROTATIONS; step += 1) {
      const rotated = await sessions().rotate(token);
      if (!rotated.ok) throw new Error('rotation failed');
      token = rotated.refresh.token;
    }
    expect(await sessions().rotate(first)).toEqual({ ok: false, reason: 'reused' });
    expect(await sessions().rotate(token)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('does not answer a token of another key (another deployment)', async () => {
    const { user } = await createTestUser(getDatabase());
    const { token } = await sessions().start(user.id);
    const elsewhere = createSessions({
      db: getDb(),
      ttlMs: 60_000,
      now: () => new Date(clock),
      rotationKey: 'other',
    });
    expect((await sessions().rotate(token)).ok).toBe(true);
    expect(await elsewhere.rotate(token)).toEqual({ ok: false, reason: 'reused' });
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
