import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pluginAuths } from '../db/schema';

export interface StoredPluginAuth {
  pluginKey: string;
  authField: string;
  valueEncrypted: string;
}

/** Every credential the user stored, or only those of one plugin. */
export async function findPluginAuths(
  db: Db,
  userId: string,
  pluginKey?: string,
): Promise<StoredPluginAuth[]> {
  const mine = eq(pluginAuths.userId, userId);
  return db
    .select({
      pluginKey: pluginAuths.pluginKey,
      authField: pluginAuths.authField,
      valueEncrypted: pluginAuths.valueEncrypted,
    })
    .from(pluginAuths)
    .where(pluginKey === undefined ? mine : and(mine, eq(pluginAuths.pluginKey, pluginKey)));
}

export async function upsertPluginAuths(
  db: Db,
  userId: string,
  pluginKey: string,
  values: ReadonlyArray<{ authField: string; valueEncrypted: string }>,
): Promise<void> {
  if (values.length === 0) return;
  await db
    .insert(pluginAuths)
    .values(values.map((value) => ({ userId, pluginKey, ...value })))
    .onConflictDoUpdate({
      target: [pluginAuths.userId, pluginAuths.pluginKey, pluginAuths.authField],
      set: { valueEncrypted: sql`excluded.value_encrypted`, updatedAt: new Date() },
    });
}

export async function deletePluginAuths(db: Db, userId: string, pluginKey: string): Promise<void> {
  await db
    .delete(pluginAuths)
    .where(and(eq(pluginAuths.userId, userId), eq(pluginAuths.pluginKey, pluginKey)));
}
