import { randomUUID } from 'node:crypto';
import type { ImportFailure, ImportFormat, ImportResult } from '@parley/shared/schemas/import';
import type { Db } from '../db/client';
import { assignIds } from './assign-ids';
import { convertChatGptConversation } from './chatgpt';
import { detectFormat } from './detect-format';
import { ImportError, isRecord, titleOf, type ImportedConversation } from './imported-conversation';
import { convertLibreChatConversation } from './librechat';
import { insertImportedConversation } from './repo';

export type { Db } from '../db/client';

export interface ImportDeps {
  now?: () => Date;
  newId?: () => string;
}

const CONVERTERS: Record<ImportFormat, (raw: unknown) => ImportedConversation> = {
  chatgpt: convertChatGptConversation,
  librechat: convertLibreChatConversation,
  parley: convertLibreChatConversation,
};

/**
 * `POST /api/convos/import`: every conversation of a ChatGPT, LibreChat or Parley JSON export becomes a new
 * conversation of the caller, branches, timestamps and title kept. Each is converted and saved on its own
 * (one transaction each): one that cannot be read is reported with its index, title and the reason, and the
 * rest are still imported. Imported messages are written by this feature's repository rather than through
 * `messages/service.saveMessage`, because an import must keep the file's timestamps (a saved message is
 * stamped now) and writes thousands of rows, in bulk, per conversation.
 */
export async function importConversations(
  db: Db,
  userId: string,
  body: unknown,
  deps: ImportDeps = {},
): Promise<ImportResult> {
  const now = (deps.now ?? (() => new Date()))();
  const newId = deps.newId ?? randomUUID;
  const { format, conversations } = detectFormat(body);
  const convert = CONVERTERS[format];
  const conversationIds: string[] = [];
  const failed: ImportFailure[] = [];
  for (const [index, raw] of conversations.entries()) {
    let converted: ReturnType<typeof assignIds>;
    try {
      converted = assignIds(convert(raw), { newId, now });
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      const title = isRecord(raw) ? titleOf(raw.title) : null;
      failed.push({ index, ...(title ? { title } : {}), reason: error.message });
      continue;
    }
    await insertImportedConversation(db, userId, converted);
    conversationIds.push(converted.conversationId);
  }
  return { format, imported: conversationIds.length, conversationIds, failed };
}
