import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createMemoryAbortBus } from '../coordination/memory-generation-log';
import { users } from '../db/schema';
import { createUsersAccountStatus } from './account-status';
import { createUsersService } from './service';

/** A promise fired from outside. */
function signal(): { fired: Promise<void>; fire: () => void } {
  let fire = (): void => undefined;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}

describeEachEngine('account status', (getDb, suite) => {
  /** The status and the users service wired as `buildApp` wires them, on a clock that never moves. */
  function wired() {
    const status = createUsersAccountStatus(getDb(), { bus: createMemoryAbortBus(), now: () => 0 });
    const accounts = createUsersService(getDb(), { accountStatus: status });
    const create = (email: string) => accounts.create({ name: 'Ada', email, passwordHash: null });
    return { status, accounts, create };
  }

  it('answers the stored role, and null for an unknown or malformed id', async () => {
    const { status, create } = wired();
    const { user: first } = await create('first@example.com');
    const { user: second } = await create('second@example.com');
    expect(await status.current(first.id)).toEqual({ role: 'ADMIN' });
    expect(await status.current(second.id)).toEqual({ role: 'USER' });
    expect(await status.current('9b2c6a55-8f44-4a0e-9d6f-0c1b5e7d3a21')).toBeNull();
    expect(await status.current('not-a-uuid')).toBeNull();
  });

  // Needs a second connection to hold the users table while the lookup waits: PostgreSQL only.
  it.skipIf(suite.engine !== 'postgres')(
    'does not keep an answer that was still on its way when the account was forgotten',
    async () => {
      const { status, create } = wired();
      const { user } = await create('ada@example.com');
      const released = signal();
      const locked = signal();
      const holder = getDb().transaction(async (tx) => {
        await tx.execute(sql`lock table users in access exclusive mode`);
        locked.fire();
        await released.fired;
      });
      await locked.fired;
      // Asked while the table is held: the answer (the account as it was) arrives after the forget.
      const onItsWay = status.current(user.id);
      await status.forget(user.id);
      released.fire();
      await holder;
      expect(await onItsWay).toEqual({ role: 'ADMIN' });
      // Deleted behind the app's back: only a fresh lookup can tell.
      await getDb().delete(users).where(eq(users.id, user.id));
      expect(await status.current(user.id)).toBeNull();
    },
  );

  it('forgets an account asked for in another spelling of its id', async () => {
    const { status, accounts, create } = wired();
    const { user } = await create('ada@example.com');
    expect(await status.current(user.id.toUpperCase())).toEqual({ role: 'ADMIN' });
    await accounts.deleteAccount(user.id);
    expect(await status.current(user.id.toUpperCase())).toBeNull();
  });
});
