import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversationColumns, conversations, messageColumns, messages } from '../db/schema';

/**
 * Full-text queries over the generated `search_vector` columns (GIN-indexed), always scoped to one user.
 * `query` is a tsquery expression from `tsquerySql`: it binds user text as parameters only.
 */

/** ts_rank normalisation 1: divides by 1 + log(document length), so a long message does not win by size. */
const rankOf = (vector: SQL, query: SQL): SQL => sql`ts_rank(${vector}, ${query}, 1)`;

export interface SearchPageOptions {
  limit: number;
  offset: number;
  /** At most this many matching messages are read and ranked (the rest of a very common word's matches are not). */
  candidates: number;
  /**
   * With a `loose` query, at most this many of its matches are read to find the candidates: a phrase of
   * common words bounds its work however rarely the words come in that order.
   */
  examined: number;
  /** Best messages kept per conversation of the page. */
  perConversation: number;
}

export interface SearchPage {
  /** How many conversations match (among the candidates). */
  total: number;
  /** The page's conversations, best first. */
  conversationIds: string[];
  /** Their best messages: page order, then best first within a conversation. */
  messageIds: string[];
}

interface SearchPageRow extends Record<string, unknown> {
  total: number | string;
  conversation_id: string | null;
  message_id: string | null;
}

/** The user's non-error messages matching `query`, read through the GIN index, at most `limit`. */
const matchingMessages = (userId: string, query: SQL, limit: number): SQL => sql`
  select m.message_id, m.conversation_id, m.search_vector
    from ${messages} m
   where m.user_id = ${userId} and not m.error and m.search_vector @@ ${query}
   limit ${limit}`;

/**
 * One query: the user's matching messages (non-error; at most `candidates` of them, as the GIN index yields
 * them — of at most `examined` matches of `loose` when given) and conversation titles, ranked; conversations
 * scored 2 × title rank + best message rank (ties: most recently updated); the requested page of them with
 * each one's best messages. Always returns one row at least, so `total` is known even past the last page.
 */
export async function selectSearchPage(
  db: Db,
  userId: string,
  query: SQL,
  loose: SQL | null,
  options: SearchPageOptions,
): Promise<SearchPage> {
  const candidates = loose
    ? sql`select * from (${matchingMessages(userId, loose, options.examined)}) l
           where l.search_vector @@ ${query} limit ${options.candidates}`
    : matchingMessages(userId, query, options.candidates);
  const { rows } = await db.execute<SearchPageRow>(sql`
    with hits as materialized (
      select c.message_id, c.conversation_id, ${rankOf(sql`c.search_vector`, query)} as rank
        from (${candidates}) c
    ), title_hits as (
      select c.conversation_id, ${rankOf(sql`c.search_vector`, query)} as rank
        from ${conversations} c
       where c.user_id = ${userId} and c.search_vector @@ ${query}
    ), scored as materialized (
      select x.conversation_id, x.score,
             (select u.updated_at from ${conversations} u where u.conversation_id = x.conversation_id) as updated_at
        from (select conversation_id, coalesce(t.rank, 0) * 2 + coalesce(h.rank, 0) as score
                from (select conversation_id, max(rank) as rank from hits group by conversation_id) h
                full join title_hits t using (conversation_id)) x
       -- Temporary chats are never found (archived ones are, marked as such).
       where not exists (select 1 from ${conversations} tc
                          where tc.conversation_id = x.conversation_id and tc.is_temporary)
    ), page as (
      select s.conversation_id,
             row_number() over (order by s.score desc, s.updated_at desc, s.conversation_id) as place
        from scored s
       order by place
       limit ${options.limit} offset ${options.offset}
    ), best as (
      select h.message_id, h.conversation_id,
             row_number() over (partition by h.conversation_id order by h.rank desc, h.message_id) as n
        from hits h
       where h.conversation_id in (select conversation_id from page)
    )
    select t.total, p.conversation_id, b.message_id
      from (select count(*) as total from scored) t
      left join page p on true
      left join best b on b.conversation_id = p.conversation_id and b.n <= ${options.perConversation}
     order by p.place, b.n`);
  const conversationIds: string[] = [];
  const messageIds: string[] = [];
  for (const row of rows) {
    if (row.conversation_id && conversationIds.at(-1) !== row.conversation_id) {
      conversationIds.push(row.conversation_id);
    }
    if (row.message_id) messageIds.push(row.message_id);
  }
  return { total: Number(rows[0]?.total ?? 0), conversationIds, messageIds };
}

export async function selectConversationsByIds(db: Db, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select(conversationColumns)
    .from(conversations)
    .where(and(eq(conversations.userId, userId), inArray(conversations.conversationId, [...ids])));
}

/** The user's messages with these ids (in no particular order). */
export async function selectMessagesByIds(db: Db, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.userId, userId), inArray(messages.messageId, [...ids])));
}
