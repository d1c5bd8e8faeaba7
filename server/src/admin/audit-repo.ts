import { and, desc, sql } from 'drizzle-orm';
import type { AuditEntry } from '@parley/shared/schemas/admin';
import type { Db } from '../db/client';
import { auditLog, type AuditLogRow, type JsonObject } from '../db/schema';
import { decodeCursor, encodeCursor, timeKeyFormat } from './cursor';

/** What an admin did: the actor (null id for the operator CLI), the action, its target and details. */
export interface AuditRecord {
  actorId: string | null;
  actorLabel: string;
  action: string;
  targetId?: string | null | undefined;
  targetLabel?: string | null | undefined;
  details?: JsonObject | undefined;
}

export async function insertAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: record.actorId,
    actorLabel: record.actorLabel,
    action: record.action,
    targetId: record.targetId ?? null,
    targetLabel: record.targetLabel ?? null,
    details: record.details ?? {},
  });
}

const present = (row: AuditLogRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actorId: row.actorId,
  actorLabel: row.actorLabel,
  action: row.action,
  targetId: row.targetId,
  targetLabel: row.targetLabel,
  details: row.details,
});

/** Newest first, one page, and the cursor of the next (null: the last page). */
export async function selectAuditPage(
  db: Db,
  cursor: string | undefined,
  pageSize: number,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const after = cursor ? decodeCursor(cursor, 'time') : null;
  const rows = await db
    .select({ row: auditLog, key: sql<string>`to_char(${auditLog.at} at time zone 'UTC', ${timeKeyFormat})` })
    .from(auditLog)
    .where(
      and(
        after
          ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.key}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    entries: page.map(({ row }) => present(row)),
    nextCursor: rows.length > pageSize && last ? encodeCursor({ key: last.key, id: last.row.id }) : null,
  };
}
