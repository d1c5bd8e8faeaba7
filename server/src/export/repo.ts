import { and, asc, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversationColumns, conversations } from '../db/schema';

/** Where the previous batch ended: the exact `created_at` as PostgreSQL prints it, and the id. */
export interface ExportCursor {
  createdAt: string;
  conversationId: string;
}

/** The next `limit` conversations of the user (temporary chats aside), oldest first, after the cursor (keyset: no offset scans). */
export async function selectConversationBatch(
  db: Db,
  userId: string,
  after: ExportCursor | null,
  limit: number,
) {
  return db
    .select({ ...conversationColumns, cursor: sql<string>`${conversations.createdAt}::text` })
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, userId),
        // Temporary chats are never exported with all chats.
        not(conversations.isTemporary),
        after
          ? sql`(${conversations.createdAt}, ${conversations.conversationId}) > (${after.createdAt}::timestamptz, ${after.conversationId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(conversations.createdAt), asc(conversations.conversationId))
    .limit(limit);
}
