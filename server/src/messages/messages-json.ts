import type { Db } from '../db/client';
import { presentMessage } from './present-message';
import { selectMessagesPage, type MessageCursor } from './repo';

/**
 * Messages per page: one query, one `JSON.stringify` of a bounded size, then the event loop is free again.
 * PGlite reads and decodes its rows on the event loop itself, so its pages are smaller.
 */
export const MESSAGES_PER_PAGE = { postgres: 1_000, pglite: 250 } as const;

/**
 * Streamed lists read one page ahead of the socket, not Readable's default 16 chunks: a slow reader no longer
 * makes the server hold up to 16 pages of text (~8 MB on PostgreSQL) per download, for the GC to go over.
 */
export const STREAMED_PAGES = { highWaterMark: 1 } as const;

/**
 * The conversation's messages (all branches, oldest first) as the text of a JSON array, page by page: a
 * conversation of 200,000 messages is never one query or one serialisation. The caller checks first that the
 * conversation is the user's; the consumer's pace (stream back-pressure) sets the pace of the reads.
 */
export async function* messagesJson(
  db: Db,
  userId: string,
  conversationId: string,
  pageSize: number,
): AsyncGenerator<string> {
  yield '[';
  let after: MessageCursor | null = null;
  let first = true;
  for (;;) {
    const rows = await selectMessagesPage(db, userId, conversationId, after, pageSize);
    const last = rows.at(-1);
    if (!last) break;
    const text = rows.map((row) => JSON.stringify(presentMessage(row))).join(',');
    yield first ? text : `,${text}`;
    first = false;
    if (rows.length < pageSize) break;
    after = { createdAt: last.cursor, messageId: last.messageId };
  }
  yield ']';
}
