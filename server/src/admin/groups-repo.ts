import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AdminGroup } from '@parley/shared/schemas/admin';
import type { Db } from '../db/client';
import { groupMembers, groups, type GroupRow } from '../db/schema';

const memberCount = sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`;

const present = (row: GroupRow, members: number): AdminGroup => ({
  id: row.id,
  name: row.name,
  description: row.description,
  memberCount: members,
});

/** Every group by name (case-insensitively), with its member count. */
export async function selectGroups(db: Db): Promise<AdminGroup[]> {
  const rows = await db
    .select({ row: groups, members: memberCount })
    .from(groups)
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));
  return rows.map(({ row, members }) => present(row, members));
}

export async function selectGroup(db: Db, id: string): Promise<AdminGroup | undefined> {
  const [found] = await db
    .select({ row: groups, members: memberCount })
    .from(groups)
    .where(eq(groups.id, id))
    .limit(1);
  return found && present(found.row, found.members);
}

export async function insertGroup(
  db: Db,
  values: { name: string; description: string },
): Promise<AdminGroup> {
  const [row] = await db.insert(groups).values(values).returning();
  if (!row) throw new Error('insert into groups returned no row');
  return present(row, 0);
}

export async function updateGroup(
  db: Db,
  id: string,
  values: { name?: string | undefined; description?: string | undefined },
): Promise<AdminGroup | undefined> {
  const [row] = await db
    .update(groups)
    .set({
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.description === undefined ? {} : { description: values.description }),
    })
    .where(eq(groups.id, id))
    .returning({ id: groups.id });
  return row && selectGroup(db, row.id);
}

export async function deleteGroup(db: Db, id: string): Promise<GroupRow | undefined> {
  const [row] = await db.delete(groups).where(eq(groups.id, id)).returning();
  return row;
}

/** Adds and removes members in one transaction; adding a member twice keeps one membership. */
export async function changeMembers(db: Db, groupId: string, add: string[], remove: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (add.length > 0) {
      await tx
        .insert(groupMembers)
        .values(add.map((userId) => ({ groupId, userId })))
        .onConflictDoNothing();
    }
    if (remove.length > 0) {
      await tx
        .delete(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, remove)));
    }
  });
}

/** The ids of the groups a user belongs to (budgets by group). */
export async function groupIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
  return rows.map((row) => row.groupId);
}

export async function countGroups(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(groups);
  return row?.value ?? 0;
}
