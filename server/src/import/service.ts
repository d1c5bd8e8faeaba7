import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportFailure, ImportResult } from '@parley/shared/schemas/import';
import { isUuidLike } from '../conversations/service';
import type { Db } from '../db/client';
import type { PreparedMessage } from './derive-ids';
import { openImportFile } from './import-worker';
import {
  deleteImportedConversation,
  insertConversationIfNew,
  insertMessagesIfNew,
  isOwnConversation,
  selectExistingMessageIds,
  touchConversation,
} from './repo';
import type { ConversationHeader, ImportItem } from './worker-protocol';

export type { Db } from '../db/client';

export interface ImportDeps {
  /** Messages the whole file may hold (413 above). */
  maxMessages: number;
  /** Messages per insert statement (default `MESSAGES_PER_STATEMENT.postgres`). */
  batchSize?: number;
  now?: () => Date;
  /** Told about a conversation whose writing failed (it is reported in `failed` as well). */
  onWriteError?: (error: unknown) => void;
}

/**
 * Messages per insert statement. PostgreSQL works in its own processes; PGlite runs each statement on the
 * server's event loop, where 25 rows (their search vectors and index entries included) take ~20 ms.
 */
export const MESSAGES_PER_STATEMENT = { postgres: 100, pglite: 25 } as const;

/** One conversation of the file while its batches are written. */
interface Writing {
  index: number;
  header: ConversationHeader;
  messageCount: number;
  /** Where its messages go: the caller's own conversation the file names, or the one derived for it. */
  conversationId: string;
  created: boolean;
  /** Own conversation only: the file's message ids that are already its messages. */
  present: Set<string> | null;
  added: number;
  error: unknown;
}

async function begin(db: Db, userId: string, item: Extract<ImportItem, { kind: 'conversation' }>) {
  const { conversation: header } = item;
  const own =
    header.sourceId !== null &&
    isUuidLike(header.sourceId) &&
    (await isOwnConversation(db, userId, header.sourceId));
  const writing: Writing = {
    index: item.index,
    header,
    messageCount: item.messageCount,
    conversationId: own && header.sourceId ? header.sourceId : header.conversationId,
    created: false,
    present: own ? new Set() : null,
    added: 0,
    error: null,
  };
  if (!own) writing.created = await insertConversationIfNew(db, userId, header);
  return writing;
}

/**
 * A batch as it is written. Into a derived conversation: as the worker prepared it. Into the caller's own
 * conversation (a re-imported export of theirs): a message already there is left as it is, a new one gets
 * its derived id, and hangs from its parent's id in the conversation (parents come before replies).
 */
async function rowsOf(db: Db, userId: string, writing: Writing, batch: PreparedMessage[]) {
  const { present } = writing;
  if (!present) return batch;
  const candidates = batch.map((message) => message.sourceId).filter(isUuidLike);
  const found = await selectExistingMessageIds(db, userId, writing.conversationId, candidates);
  found.forEach((id) => present.add(id));
  return batch
    .filter((message) => !present.has(message.sourceId))
    .map((message) =>
      message.sourceParentId !== null && present.has(message.sourceParentId)
        ? { ...message, parentMessageId: message.sourceParentId }
        : message,
    );
}

const incomplete = (writing: Writing): string =>
  writing.created
    ? 'could not be saved; nothing of it was kept'
    : `could not be saved completely (${writing.added} of ${writing.messageCount} messages added); ` +
      'import the file again to add the rest';

/**
 * `POST /api/convos/import`: every conversation of a ChatGPT, LibreChat or Parley JSON export becomes a
 * conversation of the caller, branches, timestamps and title kept. The file is parsed and converted in a
 * worker thread (`openImportFile`); this side writes what it hands over, one conversation and one bounded
 * batch of messages at a time, letting other requests in between — no transaction spans a conversation, as
 * on PGlite one would hold every other request for its length.
 *
 * Importing the same file again is idempotent: ids are derived from the caller and the file (`deriveIds`),
 * so each conversation is new (created), updated (it got messages it lacked) or skipped (all there); a
 * Parley export of the caller's own conversations names them and is matched to them. A conversation whose
 * writing fails is reported with the reason: a new one is removed, an existing one keeps the messages added
 * so far (importing the file again adds the rest). Imported messages are written here rather than through
 * `messages/service.saveMessage`, because an import keeps the file's timestamps and writes rows in bulk.
 */
export async function importConversations(
  db: Db,
  userId: string,
  body: Buffer,
  deps: ImportDeps,
): Promise<ImportResult> {
  const now = (deps.now ?? (() => new Date()))();
  const file = await openImportFile(body, {
    userId,
    now,
    maxMessages: deps.maxMessages,
    batchSize: deps.batchSize ?? MESSAGES_PER_STATEMENT.postgres,
  });
  const counts = { created: 0, updated: 0, skipped: 0 };
  const conversationIds: string[] = [];
  const failed: ImportFailure[] = [...file.failed];

  const finish = async (writing: Writing) => {
    const { header } = writing;
    if (writing.error !== null) {
      deps.onWriteError?.(writing.error);
      if (writing.created) await deleteImportedConversation(db, userId, writing.conversationId);
      failed.push({ index: writing.index, title: header.title, reason: incomplete(writing) });
      return;
    }
    conversationIds.push(writing.conversationId);
    if (writing.created) counts.created += 1;
    else if (writing.added > 0) {
      counts.updated += 1;
      await touchConversation(db, userId, writing.conversationId, header.updatedAt);
    } else counts.skipped += 1;
  };

  try {
    let writing: Writing | null = null;
    for (let item = await file.next(); item; item = await file.next()) {
      if (item.kind === 'conversation') {
        if (writing) await finish(writing);
        writing = await begin(db, userId, item);
      }
      if (writing && writing.error === null) {
        try {
          writing.added += await insertMessagesIfNew(
            db,
            userId,
            writing.conversationId,
            await rowsOf(db, userId, writing, item.messages),
          );
        } catch (error) {
          writing.error = error;
        }
      }
      // Whatever else is waiting (a /health probe, another user's request) runs before the next batch.
      await nextTurn();
    }
    if (writing) await finish(writing);
  } finally {
    await file.close();
  }
  failed.sort((a, b) => a.index - b.index);
  return {
    format: file.format,
    imported: counts.created + counts.updated,
    ...counts,
    conversationIds,
    failed,
  };
}
