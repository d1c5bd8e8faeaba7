import type { ImportFailure, ImportFormat } from '@parley/shared/schemas/import';
import type { PreparedConversation, PreparedMessage } from './derive-ids';
import type { ImportPlan, ReadImportOptions } from './read-file';

/** What the server's thread hands the import worker: the body's bytes (transferred, not copied). */
export interface WorkerInput {
  body: ArrayBuffer;
  options: ReadImportOptions;
}

export type ConversationHeader = Omit<PreparedConversation, 'messages'>;

/**
 * One step of writing the file: a conversation with its first batch of messages, or the next batch of the
 * conversation before it.
 */
export type ImportItem =
  | {
      kind: 'conversation';
      index: number;
      conversation: ConversationHeader;
      messageCount: number;
      messages: PreparedMessage[];
    }
  | { kind: 'messages'; messages: PreparedMessage[] };

export type WorkerReply =
  | { kind: 'summary'; format: ImportFormat; failed: ImportFailure[]; messages: number }
  | ImportItem
  | { kind: 'end' }
  | { kind: 'error'; status: number; message: string; code: string | null };

/**
 * Text per batch of messages (one insert statement each; their number is `ReadImportOptions.batchSize`): on
 * PGlite a statement runs on the server's event loop, so a batch is kept to a few tens of milliseconds.
 */
export const TEXT_BYTES_PER_BATCH = 64 * 1024;

function* batchesOf(messages: PreparedMessage[], size: number): Generator<PreparedMessage[]> {
  let batch: PreparedMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    batch.push(message);
    bytes += message.text.length;
    if (batch.length >= size || bytes >= TEXT_BYTES_PER_BATCH) {
      yield batch;
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** The plan as the sequence of items the server writes, one batch of messages at a time. */
export function* planItems(plan: ImportPlan, batchSize: number): Generator<ImportItem> {
  for (const entry of plan.conversations) {
    const { messages, ...conversation } = entry.conversation;
    const batches = batchesOf(messages, batchSize);
    const first = batches.next();
    yield {
      kind: 'conversation',
      index: entry.index,
      conversation,
      messageCount: messages.length,
      messages: first.done ? [] : first.value,
    };
    for (const batch of batches) yield { kind: 'messages', messages: batch };
    // Written: the worker need not hold it any longer.
    entry.conversation.messages = [];
  }
}
