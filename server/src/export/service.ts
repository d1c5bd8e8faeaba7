import {
  PARLEY_EXPORT_FORMAT,
  PARLEY_EXPORT_VERSION,
  type ExportedConversation,
} from '@parley/shared/schemas/export';
import { presentConversation } from '../conversations/present-conversation';
import type { Db } from '../db/client';
import { presentMessage } from '../messages/present-message';
import { selectConversationBatch, selectMessagesOf, type ExportCursor } from './repo';

export type { Db } from '../db/client';

/** Conversations read per round trip; memory holds one batch with its messages, never the whole export. */
const BATCH_SIZE = 100;

type ConversationRow = Awaited<ReturnType<typeof selectConversationBatch>>[number];
type MessageRow = Awaited<ReturnType<typeof selectMessagesOf>>[number];

function exported(row: ConversationRow, messages: MessageRow[]): ExportedConversation {
  const {
    conversationId,
    title,
    endpoint,
    endpointType,
    createdAt,
    updatedAt,
    user: _user,
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
    messages: messages.map(presentMessage),
  };
}

function groupByConversation(messages: MessageRow[]): Map<string, MessageRow[]> {
  const groups = new Map<string, MessageRow[]>();
  for (const message of messages) {
    const group = groups.get(message.conversationId);
    if (group) group.push(message);
    else groups.set(message.conversationId, [message]);
  }
  return groups;
}

/**
 * "Download all my data" (`GET /api/convos/export`): a Parley export (`parleyExportSchema`) of every
 * conversation of the user with all its messages (flat, every branch), oldest conversation first, as
 * chunks of JSON text. Conversations are read in keyset-paged batches, so 10,000 conversations take the
 * memory of 100; the consumer's pace (stream back-pressure) sets the pace of the reads.
 */
export async function* exportAllConversations(db: Db, userId: string, now: Date): AsyncGenerator<string> {
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
    const byConversation = groupByConversation(
      await selectMessagesOf(
        db,
        userId,
        batch.map((row) => row.conversationId),
      ),
    );
    const chunk = batch
      .map((row) => JSON.stringify(exported(row, byConversation.get(row.conversationId) ?? [])))
      .join(',');
    yield first ? chunk : `,${chunk}`;
    first = false;
    cursor = { createdAt: last.cursor, conversationId: last.conversationId };
  }
  yield ']}';
}

/** The file name the browser saves the export under. */
export const exportFileName = (now: Date): string => `parley-export-${now.toISOString().slice(0, 10)}.json`;
