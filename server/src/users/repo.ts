import { and, eq, sql } from 'drizzle-orm';
import type { SocialProvider } from '@parley/shared/constants';
import type { Db } from '../db/client';
import { users, type NewUserRow, type UserRow } from '../db/schema';

/** The column holding each social provider's account id. */
const providerIdColumn = {
  google: users.googleId,
  facebook: users.facebookId,
  openid: users.openidId,
  github: users.githubId,
  discord: users.discordId,
} as const;

const providerIdField = {
  google: 'googleId',
  facebook: 'facebookId',
  openid: 'openidId',
  github: 'githubId',
  discord: 'discordId',
} as const satisfies Record<SocialProvider, keyof NewUserRow>;

/** Serialises "is this the first account?" across concurrent sign-ups (any constant of our own). */
const FIRST_USER_LOCK = 72_190_001;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * The stored role and whether the account is disabled; undefined when there is no such user (every
 * authenticated request asks).
 */
export async function findUserStatus(
  db: Db,
  id: string,
): Promise<Pick<UserRow, 'role' | 'disabled'> | undefined> {
  const [row] = await db
    .select({ role: users.role, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** `email` must already be lower-cased. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserByProviderId(
  db: Db,
  provider: SocialProvider,
  providerId: string,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(providerIdColumn[provider], providerId)).limit(1);
  return row;
}

export type NewUser = Omit<NewUserRow, 'id' | 'role' | 'createdAt' | 'updatedAt'>;

/** Inserts a user; the very first one becomes ADMIN, every later one USER. */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_USER_LOCK})`);
    const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
    const [row] = await tx
      .insert(users)
      .values({ ...values, role: existing ? 'USER' : 'ADMIN' })
      .returning();
    if (!row) throw new Error('insert into users returned no row');
    return row;
  });
}

export async function renameUser(db: Db, id: string, name: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ name }).where(eq(users.id, id)).returning();
  return row;
}

/** Deletes the user; every row that names them goes with it (each user column cascades). */
export async function deleteUserRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function updateUserPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/**
 * Sets the user's avatar and answers the one it replaced (null when there was none or no such user). The
 * row is locked meanwhile, so each of two concurrent changes sees the avatar the other one set.
 */
export async function replaceUserAvatar(db: Db, id: string, avatar: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatar: users.avatar })
      .from(users)
      .where(eq(users.id, id))
      .limit(1)
      .for('update');
    if (!row) return null;
    await tx.update(users).set({ avatar }).where(eq(users.id, id));
    return row.avatar;
  });
}

/** Records the provider's account id on the user (and the avatar when the user has none yet). */
export async function linkUserProvider(
  db: Db,
  id: string,
  link: { provider: SocialProvider; providerId: string; avatar: string | null; emailVerified: boolean },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      [providerIdField[link.provider]]: link.providerId,
      avatar: sql`coalesce(${users.avatar}, ${link.avatar})`,
      ...(link.emailVerified ? { emailVerified: true } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export const providerIdFieldOf = (provider: SocialProvider) => providerIdField[provider];

/** Adds (once) or removes an installed plugin key; answers the updated user, undefined when there is none. */
export async function updateUserPlugins(
  db: Db,
  id: string,
  pluginKey: string,
  action: 'install' | 'uninstall',
): Promise<UserRow | undefined> {
  const plugins =
    action === 'install'
      ? sql`case when ${pluginKey} = any(${users.plugins}) then ${users.plugins} else array_append(${users.plugins}, ${pluginKey}) end`
      : sql`array_remove(${users.plugins}, ${pluginKey})`;
  const [row] = await db
    .update(users)
    .set({ plugins, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Records a sign-in; false (nothing recorded) when the account is disabled or gone. */
export async function recordSignIn(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    // A sign-in is no change of the user: updated_at stays.
    .set({ lastLoginAt: at, updatedAt: sql`${users.updatedAt}` })
    .where(and(eq(users.id, id), eq(users.disabled, false)))
    .returning({ id: users.id });
  return rows.length > 0;
}
