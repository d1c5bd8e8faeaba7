// Usage read from the ledger: rollups by user, model, UTC day or group with keyset cursors, and the CSV
// export's batches (ledger rows by (at, id), daily rollups one day at a time), never one big result in memory.
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { LedgerEntry, UsageGroupBy, UsageRow, UsageTotals } from '@parley/shared/schemas/budget';
import type { Db } from '../db/client';
import { groupMembers, groups, usageLedger } from '../db/schema';
import { isUuidLike } from '../conversations/service';

export interface UsageFilter {
  from: Date;
  to: Date;
  userId?: string | undefined;
  groupId?: string | undefined;
  model?: string | undefined;
}

const L = usageLedger;

function filterOf(filter: UsageFilter): SQL {
  const parts: SQL[] = [gte(L.at, filter.from), lt(L.at, filter.to)];
  if (filter.userId !== undefined) parts.push(eq(L.userId, filter.userId));
  if (filter.model !== undefined) parts.push(eq(L.model, filter.model));
  if (filter.groupId !== undefined) {
    // An id that is not a UUID names no group: nothing matches.
    parts.push(
      isUuidLike(filter.groupId)
        ? sql`${L.userId} in (select ${groupMembers.userId} from ${groupMembers} where ${groupMembers.groupId} = ${filter.groupId})`
        : sql`false`,
    );
  }
  return and(...parts) ?? sql`true`;
}

const SUMS = sql`count(*)::float8 as requests, coalesce(sum(${L.promptTokens}), 0)::float8 as prompt_tokens,
  coalesce(sum(${L.completionTokens}), 0)::float8 as completion_tokens,
  coalesce(sum(${L.credits}), 0)::float8 as credits`;

type SumsRow = {
  requests: number | string;
  prompt_tokens: number | string;
  completion_tokens: number | string;
  credits: number | string;
};

const totalsOf = (row: SumsRow | undefined): UsageTotals => ({
  requests: Number(row?.requests ?? 0),
  promptTokens: Number(row?.prompt_tokens ?? 0),
  completionTokens: Number(row?.completion_tokens ?? 0),
  credits: Number(row?.credits ?? 0),
});

/** Where a page of rollup rows continues: after this row in the page order. */
interface RollupCursor {
  key: string;
  credits: number;
}

export const encodeCursor = (cursor: RollupCursor): string =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeCursor(value: string | undefined): RollupCursor | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as RollupCursor).key === 'string' &&
      typeof (parsed as RollupCursor).credits === 'number'
    ) {
      return parsed as RollupCursor;
    }
  } catch {
    // Falls through: an unreadable cursor.
  }
  return undefined;
}

/** The key and label of each rollup, and the rows grouped. */
function grouping(groupBy: UsageGroupBy, filter: UsageFilter): { from: SQL; key: SQL; label: SQL } {
  const where = filterOf(filter);
  const day = sql`to_char(${L.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  switch (groupBy) {
    case 'user':
      return { from: sql`${L} where ${where}`, key: sql`${L.userId}::text`, label: sql`max(${L.userLabel})` };
    case 'model':
      return { from: sql`${L} where ${where}`, key: sql`${L.model}`, label: sql`${L.model}` };
    case 'day':
      return { from: sql`${L} where ${where}`, key: day, label: day };
    case 'group':
      // A user in several groups counts in each; the current memberships decide.
      return {
        from: sql`${L} join ${groupMembers} on ${groupMembers.userId} = ${L.userId}
          join ${groups} on ${groups.id} = ${groupMembers.groupId} where ${where}`,
        key: sql`${groups.id}::text`,
        label: sql`max(${groups.name})`,
      };
  }
}

export interface RollupPage {
  rows: UsageRow[];
  nextCursor: string | null;
}

/**
 * One page of rollup rows: by day in date order, otherwise the biggest spenders first (ties by key); the
 * cursor continues after the last row of the page.
 */
export async function usageRollup(
  db: Db,
  groupBy: UsageGroupBy,
  filter: UsageFilter,
  page: { limit: number; cursor?: RollupCursor | undefined },
): Promise<RollupPage> {
  const { from, key, label } = grouping(groupBy, filter);
  const byDay = groupBy === 'day';
  const after = page.cursor
    ? byDay
      ? sql`where t.key > ${page.cursor.key}`
      : sql`where t.credits < ${page.cursor.credits} or (t.credits = ${page.cursor.credits} and t.key > ${page.cursor.key})`
    : sql``;
  const order = byDay ? sql`t.key asc` : sql`t.credits desc, t.key asc`;
  const { rows } = await db.execute<SumsRow & { key: string; label: string }>(sql`
    select * from (select ${key} as key, ${label} as label, ${SUMS} from ${from} group by 1) t
    ${after} order by ${order} limit ${page.limit + 1}`);
  const pageRows = rows.slice(0, page.limit).map((row) => ({
    key: row.key,
    label: row.label,
    ...totalsOf(row),
  }));
  const last = pageRows.at(-1);
  const nextCursor =
    rows.length > page.limit && last ? encodeCursor({ key: last.key, credits: last.credits }) : null;
  return { rows: pageRows, nextCursor };
}

/** The sums over the whole filter (every page). */
export async function usageTotals(db: Db, filter: UsageFilter): Promise<UsageTotals> {
  const { rows } = await db.execute<SumsRow>(sql`select ${SUMS} from ${L} where ${filterOf(filter)}`);
  return totalsOf(rows[0]);
}

/** How many ledger rows one export query reads. */
export const EXPORT_BATCH = 5_000;

function entryOf(row: typeof L.$inferSelect): LedgerEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    userId: row.userId,
    userLabel: row.userLabel,
    conversationId: row.conversationId,
    endpoint: row.endpoint,
    model: row.model,
    kind: row.kind,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    cacheReadTokens: row.cacheReadTokens,
    cacheWriteTokens: row.cacheWriteTokens,
    credits: row.credits,
    requestId: row.requestId,
    unpriced: row.unpriced,
  };
}

/**
 * Every ledger row of the filter, oldest first, read `EXPORT_BATCH` at a time by the keyset `(at, id) > (…)`
 * on the `(at, id)` index (each page starts where the last ended, never an offset). The cursor keeps `at` as
 * the database's text: a JavaScript Date would drop its microseconds and repeat rows.
 */
export async function* ledgerBatches(db: Db, filter: UsageFilter): AsyncGenerator<LedgerEntry[]> {
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const keyset = after
      ? sql`(${L.at}, ${L.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows = await db
      .select({ row: L, cursorAt: sql<string>`${L.at}::text` })
      .from(L)
      .where(keyset ? and(filterOf(filter), keyset) : filterOf(filter))
      .orderBy(asc(L.at), asc(L.id))
      .limit(EXPORT_BATCH);
    if (rows.length > 0) yield rows.map(({ row }) => entryOf(row));
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { at: last.cursorAt, id: last.row.id };
  }
}

export interface DailyRollupRow extends UsageTotals {
  day: string;
  userId: string;
  userLabel: string;
  model: string;
}

const DAY_MS = 86_400_000;

/** Requests, tokens and credits per UTC day, user and model, one day per query. */
export async function* dailyBatches(db: Db, filter: UsageFilter): AsyncGenerator<DailyRollupRow[]> {
  for (let start = filter.from.getTime(); start < filter.to.getTime();) {
    const next = Math.min(Math.floor(start / DAY_MS) * DAY_MS + DAY_MS, filter.to.getTime());
    const day = { ...filter, from: new Date(start), to: new Date(next) };
    const { rows } = await db.execute<SumsRow & { user_id: string; user_label: string; model: string }>(sql`
      select ${L.userId}::text as user_id, max(${L.userLabel}) as user_label, ${L.model} as model, ${SUMS}
      from ${L} where ${filterOf(day)} group by 1, 3 order by 2, 3`);
    if (rows.length > 0) {
      const date = new Date(start).toISOString().slice(0, 10);
      yield rows.map((row) => ({
        day: date,
        userId: row.user_id,
        userLabel: row.user_label,
        model: row.model,
        ...totalsOf(row),
      }));
    }
    start = next;
  }
}
