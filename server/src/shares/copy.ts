import { randomUUID } from 'node:crypto';
import { NO_PARENT } from '@parley/shared/constants';
import type { SharedMessage } from '@parley/shared/schemas/share';
import type { Db } from '../db/client';
import { insertCopiedConversation, insertCopiedMessages } from './copy-repo';
import type { ShareRow } from './repo';

const SHARE_FILE_PATH = /\/api\/share\/[A-Za-z0-9_-]{22}\/files\/([0-9a-f-]{36})(?:\?[A-Za-z0-9_=&%.-]*)?/g;

export interface CopyInput {
  db: Db;
  userId: string;
  share: ShareRow;
  /** The snapshot, root first. */
  messages: readonly SharedMessage[];
  batchSize: number;
  /** A file of the share, or null when it is gone. */
  readFile(fileId: string): Promise<{ bytes: Buffer; filename: string; mimeType: string } | null>;
  /** Stores it as the caller's own file: its id and link. */
  saveFile(file: {
    bytes: Buffer;
    filename: string;
    mimeType: string;
  }): Promise<{ file_id: string; filepath?: string | null }>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * "Continue this chat": the snapshot becomes a new conversation of the caller's, on the endpoint and model it
 * ran on (no settings: those were never shared), with new message ids, and each copied file stored again as
 * the caller's own file (their storage limit applies), so the copy outlives the link.
 */
export async function copySharedConversation(input: CopyInput): Promise<{ conversationId: string }> {
  const { db, userId, share, messages } = input;
  const files = new Map<string, { fileId: string; link: string }>();
  for (const message of messages) {
    for (const match of JSON.stringify(message).matchAll(SHARE_FILE_PATH)) {
      const shareFileId = match[1];
      if (!shareFileId || files.has(shareFileId)) continue;
      const file = await input.readFile(shareFileId);
      if (!file) continue;
      const saved = await input.saveFile(file);
      files.set(shareFileId, { fileId: saved.file_id, link: saved.filepath ?? '' });
    }
  }
  const rewrite = (message: SharedMessage): SharedMessage => {
    if (files.size === 0) return message;
    let text = JSON.stringify(message).replace(
      SHARE_FILE_PATH,
      (_path, id: string) => files.get(id)?.link ?? '',
    );
    for (const [shareFileId, copy] of files) text = text.replaceAll(shareFileId, copy.fileId);
    return JSON.parse(text) as SharedMessage;
  };

  const conversationId = randomUUID();
  await insertCopiedConversation(db, userId, {
    conversationId,
    title: share.title,
    endpoint: share.endpoint ?? 'openAI',
    endpointType: share.endpointType,
    model: share.model,
  });
  const ids = new Map<string, string>();
  const idOf = (messageId: string) => {
    let id = ids.get(messageId);
    if (!id) {
      id = randomUUID();
      ids.set(messageId, id);
    }
    return id;
  };
  for (let start = 0; start < messages.length; start += input.batchSize) {
    const batch = messages.slice(start, start + input.batchSize).map((message) => {
      const copy = rewrite(message);
      return {
        ...copy,
        messageId: idOf(copy.messageId),
        conversationId,
        parentMessageId: copy.parentMessageId === NO_PARENT ? NO_PARENT : idOf(copy.parentMessageId),
      };
    });
    await insertCopiedMessages(db, userId, batch);
    await nextTurn();
  }
  return { conversationId };
}
