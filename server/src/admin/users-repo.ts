import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserSort } from '@parley/shared/schemas/admin';
import type { UserRole } from '@parley/shared/schemas/user';
import type { Db } from '../db/client';
import { balances, groupMembers, users, type UserRow } from '../db/schema';
import { decodeCursor, encodeCursor, timeKeyFormat } from './cursor';

/** A users row with the balance the Users tab shows. */
export interface AdminUserRow {
  row: UserRow;
  balance: number;
}

export interface UsersFilter {
  search?: string | undefined;
  role?: UserRole | undefined;
  status?: 'active' | 'disabled' | undefined;
  groupId?: string | undefined;
  sort: AdminUserSort;
  order: 'asc' | 'desc';
  cursor?: string | undefined;
}

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The sort column; a `created_at` key keeps its microseconds (see `timeKeyFormat`). */
const sortColumn = {
  createdAt: users.createdAt,
  email: users.email,
  name: users.name,
} as const;

/** One page of users in the filter's order (then id), and the cursor of the next page (null: last page). */
export async function selectUsersPage(
  db: Db,
  filter: UsersFilter,
  pageSize: number,
): Promise<{ rows: AdminUserRow[]; nextCursor: string | null }> {
  const column = sortColumn[filter.sort];
  const conditions: SQL[] = [];
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const match = or(ilike(users.email, pattern), ilike(users.name, pattern));
    if (match) conditions.push(match);
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.status) conditions.push(eq(users.disabled, filter.status === 'disabled'));
  if (filter.groupId) {
    conditions.push(
      sql`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${filter.groupId} and ${groupMembers.userId} = ${users.id})`,
    );
  }
  const byTime = filter.sort === 'createdAt';
  const after = filter.cursor ? decodeCursor(filter.cursor, byTime ? 'time' : 'text') : null;
  if (after) {
    const key = byTime ? sql`${after.key}::timestamptz` : sql`${after.key}`;
    const direction = filter.order === 'asc' ? sql`>` : sql`<`;
    conditions.push(sql`(${column}, ${users.id}) ${direction} (${key}, ${after.id}::uuid)`);
  }
  const order = filter.order === 'asc' ? asc : desc;
  const found = await db
    .select({
      row: users,
      balance: balances.tokenCredits,
      key: byTime
        ? sql<string>`to_char(${column} at time zone 'UTC', ${timeKeyFormat})`
        : sql<string>`${column}`,
    })
    .from(users)
    .leftJoin(balances, eq(balances.userId, users.id))
    .where(and(...conditions))
    .orderBy(order(column), order(users.id))
    .limit(pageSize + 1);
  const page = found.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map(({ row, balance }) => ({ row, balance: balance ?? 0 })),
    nextCursor: found.length > pageSize && last ? encodeCursor({ key: last.key, id: last.row.id }) : null,
  };
}

export async function selectAdminUser(db: Db, id: string): Promise<AdminUserRow | undefined> {
  const [found] = await db
    .select({ row: users, balance: balances.tokenCredits })
    .from(users)
    .leftJoin(balances, eq(balances.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  return found && { row: found.row, balance: found.balance ?? 0 };
}

/** Serialises every change that may take away an active administrator (any constant of our own). */
const ADMINS_LOCK = 72_190_024;

export type AdminChangeOutcome =
  { ok: true; row: UserRow } | { ok: false; reason: 'not_found' | 'last_admin' | 'actor_not_admin' };

/**
 * Applies `change` to the user under one lock with the check that at least one active administrator
 * remains, so two administrators disabling or demoting each other at once cannot leave none: the second
 * change waits for the first and then sees it. `actorId` (null for the operator CLI) must still be an
 * active administrator when the lock is held.
 */
export async function changeUserGuarded(
  db: Db,
  actorId: string | null,
  userId: string,
  change: { role?: UserRole | undefined; disabled?: boolean | undefined },
): Promise<AdminChangeOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK})`);
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.disabled, false)));
    const activeAdmins = new Set(admins.map((admin) => admin.id));
    if (actorId !== null && !activeAdmins.has(actorId)) return { ok: false, reason: 'actor_not_admin' };
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!target) return { ok: false, reason: 'not_found' };
    const role = change.role ?? target.role;
    const disabled = change.disabled ?? target.disabled;
    const staysActiveAdmin = role === 'ADMIN' && !disabled;
    if (activeAdmins.has(userId) && !staysActiveAdmin && activeAdmins.size <= 1) {
      return { ok: false, reason: 'last_admin' };
    }
    const [row] = await tx
      .update(users)
      .set({ role, disabled, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) return { ok: false, reason: 'not_found' };
    return { ok: true, row };
  });
}

export async function setUserRole(db: Db, id: string, role: UserRole): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ role }).where(eq(users.id, id)).returning();
  return row;
}

/** The users an admin console entry names, for labels; at most `ids.length` rows. */
export async function selectUserLabels(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${users.id} in ${ids}`);
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Ids among `ids` with no users row. */
export async function missingUserIds(db: Db, ids: string[]): Promise<string[]> {
  const known = await selectUserLabels(db, ids);
  return ids.filter((id) => !known.has(id.toLowerCase()));
}
