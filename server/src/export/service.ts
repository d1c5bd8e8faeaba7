import {
  PARLEY_EXPORT_FORMAT,
  PARLEY_EXPORT_VERSION,
  type ExportedConversation,
} from '@parley/shared/schemas/export';
import { presentConversation } from '../conversations/present-conversation';
import type { Db } from '../db/client';
import { messagesJson } from '../messages/messages-json';
import { selectConversationBatch, type ExportCursor } from './repo';

export type { Db } from '../db/client';

/** Conversations read per round trip. */
const BATCH_SIZE = 100;

type ConversationRow = Awaited<ReturnType<typeof selectConversationBatch>>[number];

/** The conversation's fields of the export, without its messages (they are written after, page by page). */
function header(row: ConversationRow): Omit<ExportedConversation, 'messages'> {
  const {
    conversationId,
    title,
    endpoint,
    endpointType,
    createdAt,
    updatedAt,
    user: _user,
    turnContext: _turnContext,
    ...options
  } = presentConversation(row);
  return {
    conversationId,
    title,
    endpoint,
    endpointType,
    createdAt,
    updatedAt,
    branches: true,
    recursive: false,
    options,
  };
}

/** `{…the conversation…,"messages":[` — `messages` is the last key, so its array is left open. */
const opening = (row: ConversationRow): string => {
  const text = JSON.stringify({ ...header(row), messages: [] });
  return text.slice(0, -2);
};

/**
 * "Download all my data" (`GET /api/convos/export`): a Parley export (`parleyExportSchema`) of every
 * conversation of the user with all its messages (flat, every branch), oldest conversation first, as
 * chunks of JSON text. Conversations are read in keyset-paged batches, and each one's messages page by page
 * (`messagesJson`: one query for most), so neither 10,000 conversations nor one of 200,000 messages is ever
 * one query or one serialisation — a query per conversation is the price. The consumer's pace (stream back-pressure) sets the pace of the reads.
 */
export async function* exportAllConversations(
  db: Db,
  userId: string,
  now: Date,
  pageSize: number,
): AsyncGenerator<string> {
  yield (
    `{"format":${JSON.stringify(PARLEY_EXPORT_FORMAT)},"version":${PARLEY_EXPORT_VERSION},` +
    `"exportedAt":${JSON.stringify(now.toISOString())},"conversations":[`
  );
  let cursor: ExportCursor | null = null;
  let first = true;
  for (;;) {
    const batch = await selectConversationBatch(db, userId, cursor, BATCH_SIZE);
    const last = batch.at(-1);
    if (!last) break;
    for (const row of batch) {
      yield first ? opening(row) : `,${opening(row)}`;
      first = false;
      for await (const chunk of messagesJson(db, userId, row.conversationId, pageSize)) {
        // Without the array's own brackets: the opening holds `[` and the closing `]`.
        if (chunk !== '[' && chunk !== ']') yield chunk;
      }
      yield ']}';
    }
    cursor = { createdAt: last.cursor, conversationId: last.conversationId };
  }
  yield ']}';
}
/** The file name the browser saves the export under. */
export const exportFileName = (now: Date): string => `parley-export-${now.toISOString().slice(0, 10)}.json`;
