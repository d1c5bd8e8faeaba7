import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  SHARE_EXPIRY_MS,
  SHARE_MAX_MESSAGES,
  SHARES_PAGE_SIZE,
  SHARES_PER_USER,
  type ShareCreateBody,
  type ShareExpiry,
  type ShareLink,
  type ShareLinkPage,
  type ShareUpdateBody,
  type SharedMessage,
} from '@parley/shared/schemas/share';
import { pathToRoot as orderRootFirst } from '@parley/shared/messages/tree';
import type { Message } from '@parley/shared/schemas/message';
import { isUuidLike } from '../conversations/service';
import type { Db } from '../db/client';
import type { JsonObject } from '../db/schema';
import type { Attachment } from '../files/attachment';
import { AppError, badRequest, notFound } from '../lib/errors';
import { presentMessage } from '../messages/present-message';
import type { FileStorage } from '../storage/file-storage';
import { storageKey } from '../storage/storage-key';
import { copySharedConversation } from './copy';
import { isShareId, newShareId } from './share-id';
import type { ShareFileLinks } from './share-file-links';
import { decodeShareCursor, encodeShareCursor } from './share-cursor';
import type { SharesSettings } from './settings';
import { fileIdsOf, snapshotMessages } from './snapshot';
import {
  deleteShareFileRows,
  deleteShareMessagesFrom,
  deleteShareRow,
  insertShare,
  insertShareFile,
  insertShareMessages,
  publishCopy,
  reservePositions,
  selectDeadShareFiles,
  selectConversationToShare,
  selectDefaultLeaf,
  selectLiveShare,
  selectOwnShare,
  selectPathUp,
  selectShareFile,
  selectShareFileKeys,
  selectShareMessages,
  selectShareOfConversation,
  selectSharesPage,
  updateShareSettings,
  type FileKey,
  type ShareRow,
} from './repo';

/** One answer for unknown, expired, revoked and not-allowed links alike (API.md). */
export const SHARE_NOT_FOUND = 'This link does not exist or has expired';
const CONVERSATION_NOT_FOUND = 'Conversation not found';
const MESSAGE_NOT_FOUND = 'Message not found';
const PUBLIC_NOT_ALLOWED = 'Public links are not allowed on this server: choose signed-in users only';
const STORAGE_DOWN = 'The file storage is not available right now. Please try again later.';
/** Messages read per page of a shared conversation's answer. */
const READ_PAGE = 500;
/** Dead share files removed per round of `deleteExpiredShareFiles`. */
const SWEEP_BATCH = 500;

export interface SharesFiles {
  /** The owner's files among `fileIds` (others' and unknown ids left out), with their bytes on demand. */
  attachmentsFor(userId: string, fileIds: readonly string[]): Promise<Attachment[]>;
  /** Stores bytes as the user's own file (their storage limit applies); its id and signed link. */
  saveCopy(
    userId: string,
    file: { bytes: Buffer; filename: string; mimeType: string },
  ): Promise<{ file_id: string; filepath?: string | null }>;
}

export interface SharesDeps {
  db: Db;
  settings: SharesSettings;
  /** Where copied files' bytes live (the app's file storage). */
  storage: FileStorage;
  links: ShareFileLinks;
  files: SharesFiles;
  now: () => Date;
  /** Messages per insert statement (a turn of the event loop between two). */
  batchSize: number;
}

/** Who opens a link: a signed-in account, or nobody. */
export type Viewer = { userId: string } | null;

export interface SharedView {
  /** The answer's JSON text, page by page (file links signed), for a streamed reply. */
  chunks: AsyncIterable<string>;
}

export interface SharedFileContent {
  type: string;
  filename: string;
  bytes: number;
  stream: Readable;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const present = (row: ShareRow): ShareLink => ({
  shareId: row.shareId,
  conversationId: row.conversationId,
  title: row.title,
  visibility: row.visibility,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const expiryFrom = (expiresIn: ShareExpiry | null, now: Date): Date | null =>
  expiresIn === null ? null : new Date(now.getTime() + SHARE_EXPIRY_MS[expiresIn]);

export type SharesService = ReturnType<typeof createSharesService>;

/** Share links (API.md "Sharing and organising"): snapshots of a path, their visitors' view, personal copies. */
export function createSharesService(deps: SharesDeps) {
  const { db, settings, storage, links, files, now } = deps;

  const assertVisibilityAllowed = (visibility: string | undefined) => {
    if (visibility === 'public' && !settings.publicAllowed) {
      throw new AppError(400, PUBLIC_NOT_ALLOWED, {
        code: 'public_shares_disabled',
        fields: { visibility: 'public links are not allowed' },
      });
    }
  };

  /** The caller's own conversation that may be shared; a temporary chat never may (404 alike). */
  async function shareableConversation(userId: string, conversationId: string) {
    const conversation = isUuidLike(conversationId)
      ? await selectConversationToShare(db, userId, conversationId)
      : null;
    if (!conversation || conversation.isTemporary) throw notFound(CONVERSATION_NOT_FOUND);
    return conversation;
  }

  /** The path up to `messageId`, root first (at most one message past the limit, to say it is too long). */
  async function pathUpTo(userId: string, conversationId: string, messageId: string): Promise<Message[]> {
    const rows = await selectPathUp(db, userId, conversationId, messageId, SHARE_MAX_MESSAGES + 1);
    return orderRootFirst(rows.map(presentMessage), messageId);
  }

  /** The path to copy: to the given message, else the conversation's current leaf or newest message. */
  async function pathOf(userId: string, conversationId: string, target: string | null) {
    if (target !== null) {
      const path = isUuidLike(target) ? await pathUpTo(userId, conversationId, target) : [];
      if (path.length === 0) throw notFound(MESSAGE_NOT_FOUND);
      return path;
    }
    const leaf = await selectDefaultLeaf(db, userId, conversationId, SHARE_MAX_MESSAGES);
    const path = leaf ? await pathUpTo(userId, conversationId, leaf) : [];
    if (path.length === 0)
      throw badRequest('There is nothing to share yet: the conversation has no messages');
    return path;
  }

  function assertShareableLength(length: number) {
    if (length > SHARE_MAX_MESSAGES) {
      throw new AppError(
        413,
        `This conversation is too long to share: a link holds up to ${SHARE_MAX_MESSAGES.toLocaleString('en-US')} messages of a path, and this one has more. Share an earlier message instead.`,
        { code: 'share_too_long', details: { max: SHARE_MAX_MESSAGES } },
      );
    }
  }

  /** Copies the owner's files into the share: their ids → the copies' ids. */
  async function copyFiles(userId: string, shareId: string, fileIds: readonly string[]) {
    const copies = new Map<string, FileKey>();
    if (fileIds.length === 0) return copies;
    for (const attachment of await files.attachmentsFor(userId, fileIds)) {
      const fileId = randomUUID();
      const key = storageKey(userId, `share-${fileId}`);
      const bytes = await attachment.read();
      try {
        await storage.put(key, bytes, attachment.type);
      } catch (error) {
        throw new AppError(503, STORAGE_DOWN, { cause: error });
      }
      await insertShareFile(db, {
        fileId,
        shareId,
        storageKey: key,
        filename: attachment.filename,
        type: attachment.type,
        bytes: bytes.length,
      });
      copies.set(attachment.file_id.toLowerCase(), { fileId, storageKey: key });
    }
    return copies;
  }

  /** Writes a copy of `path` at positions reserved from `first` and makes it the share's snapshot. */
  async function writeCopy(
    userId: string,
    share: ShareRow,
    path: Awaited<ReturnType<typeof pathOf>>,
    first: number,
    title: string,
    targetMessageId: string | null,
  ): Promise<ShareRow> {
    const shareId = share.shareId;
    const copied = settings.snapshotFiles ? await copyFiles(userId, shareId, fileIdsOf(path)) : null;
    const copies = copied && new Map([...copied].map(([owner, copy]) => [owner, copy.fileId]));
    const shared: SharedMessage[] = snapshotMessages({ shareId, path, copies });
    try {
      for (let start = 0; start < shared.length; start += deps.batchSize) {
        const batch = shared.slice(start, start + deps.batchSize) as unknown as JsonObject[];
        await insertShareMessages(db, shareId, first + start, batch);
        // Another request (a /health probe, another user's page) runs before the next batch.
        await nextTurn();
      }
      const row = await publishCopy(
        db,
        userId,
        shareId,
        { firstPosition: first, messageCount: shared.length, title, targetMessageId },
        now(),
      );
      if (!row) throw notFound(SHARE_NOT_FOUND);
      return row;
    } catch (error) {
      await deleteShareMessagesFrom(db, shareId, first, shared.length).catch(() => undefined);
      if (copied) await removeFiles([...copied.values()]);
      throw error;
    }
  }

  /** Deletes share files: bytes first, then rows (a row left behind is retried by the sweep). */
  async function removeFiles(keys: readonly FileKey[]) {
    if (keys.length === 0) return;
    const gone = await Promise.allSettled(keys.map((key) => storage.delete(key.storageKey)));
    await deleteShareFileRows(
      db,
      keys.filter((_key, index) => gone[index]?.status === 'fulfilled').map((key) => key.fileId),
    );
  }

  function mayView(share: ShareRow, viewer: Viewer): boolean {
    if (share.visibility === 'public' && settings.publicAllowed) return true;
    return viewer !== null;
  }

  /** A live link the viewer may open, else the one 404. */
  async function visibleShare(shareId: string, viewer: Viewer): Promise<ShareRow> {
    const share = isShareId(shareId) ? await selectLiveShare(db, shareId, now()) : null;
    if (!share || !mayView(share, viewer)) throw notFound(SHARE_NOT_FOUND);
    return share;
  }

  async function ownShare(userId: string, shareId: string): Promise<ShareRow> {
    const share = isShareId(shareId) ? await selectOwnShare(db, userId, shareId) : null;
    if (!share) throw notFound(SHARE_NOT_FOUND);
    return share;
  }

  /** The snapshot's messages as stored, page by page. */
  async function* storedPages(share: ShareRow): AsyncGenerator<JsonObject[]> {
    const end = share.firstPosition + share.messageCount;
    for (let from = share.firstPosition; from < end; from += READ_PAGE) {
      yield await selectShareMessages(db, share, from, READ_PAGE);
    }
  }

  return {
    /** `POST /api/share/{conversationId}` → the new link (`201`). */
    async create(userId: string, conversationId: string, body: ShareCreateBody): Promise<ShareLink> {
      assertVisibilityAllowed(body.visibility);
      const conversation = await shareableConversation(userId, conversationId);
      const target = body.targetMessageId ?? null;
      const path = await pathOf(userId, conversation.conversationId, target);
      assertShareableLength(path.length);
      const at = now();
      const share = await insertShare(
        db,
        {
          shareId: newShareId(),
          userId,
          conversationId: conversation.conversationId,
          targetMessageId: target === null ? null : (path.at(-1)?.messageId ?? null),
          title: conversation.title,
          endpoint: conversation.endpoint,
          endpointType: conversation.endpointType,
          model: conversation.model,
          visibility: body.visibility ?? 'signed_in',
          expiresAt: expiryFrom(body.expiresIn ?? null, at),
        },
        path.length,
        SHARES_PER_USER,
      );
      if (!share) {
        throw new AppError(
          409,
          `You can have up to ${SHARES_PER_USER.toLocaleString('en-US')} shared links. Delete some in Settings → Data controls → Shared links to make a new one.`,
          { code: 'share_limit', details: { max: SHARES_PER_USER } },
        );
      }
      try {
        return present(await writeCopy(userId, share, path, 0, conversation.title, share.targetMessageId));
      } catch (error) {
        await deleteShareRow(db, userId, share.shareId).catch(() => undefined);
        throw error;
      }
    },

    /** `PATCH /api/share/{shareId}`: new settings, and with `refresh` a new copy under the same id. */
    async update(userId: string, shareId: string, body: ShareUpdateBody): Promise<ShareLink> {
      let share = await ownShare(userId, shareId);
      assertVisibilityAllowed(body.visibility);
      if (body.refresh) {
        const conversation = await shareableConversation(userId, share.conversationId);
        const target = body.targetMessageId ?? share.targetMessageId;
        const path = await pathOf(userId, share.conversationId, target);
        assertShareableLength(path.length);
        const oldFiles = await selectShareFileKeys(db, shareId);
        const first = await reservePositions(db, userId, shareId, path.length);
        if (first === null) throw notFound(SHARE_NOT_FOUND);
        share = await writeCopy(userId, share, path, first, conversation.title, target);
        await removeFiles(oldFiles);
      }
      if (body.visibility !== undefined || body.expiresIn !== undefined) {
        const at = now();
        const row = await updateShareSettings(
          db,
          userId,
          shareId,
          {
            ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
            ...(body.expiresIn !== undefined ? { expiresAt: expiryFrom(body.expiresIn, at) } : {}),
          },
          at,
        );
        if (!row) throw notFound(SHARE_NOT_FOUND);
        share = row;
      }
      return present(share);
    },

    /** `DELETE /api/share/{shareId}`: revoked at once, everywhere (no instance keeps a copy). */
    async remove(userId: string, shareId: string): Promise<{ success: true; shareId: string }> {
      const share = await ownShare(userId, shareId);
      const fileKeys = await selectShareFileKeys(db, share.shareId);
      if (!(await deleteShareRow(db, userId, share.shareId))) throw notFound(SHARE_NOT_FOUND);
      await removeFiles(fileKeys);
      return { success: true, shareId: share.shareId };
    },

    /** `GET /api/share?cursor=`: the caller's links, newest first. */
    async list(userId: string, cursor: string | undefined): Promise<ShareLinkPage> {
      const after = cursor === undefined ? null : decodeShareCursor(cursor);
      if (cursor !== undefined && !after)
        throw badRequest('cursor: is not a valid cursor', { cursor: 'is not a valid cursor' });
      const rows = await selectSharesPage(db, userId, after, SHARES_PAGE_SIZE + 1);
      const page = rows.slice(0, SHARES_PAGE_SIZE);
      const last = page.at(-1);
      return {
        links: page.map(({ cursor: _cursor, ...row }) => ({
          ...row,
          expiresAt: row.expiresAt?.toISOString() ?? null,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        })),
        nextCursor:
          rows.length > SHARES_PAGE_SIZE && last
            ? encodeShareCursor({ createdAt: last.cursor, shareId: last.shareId })
            : null,
      };
    },

    /** `GET /api/share/link/{conversationId}`: the caller's newest link of their conversation. */
    async linkOf(userId: string, conversationId: string) {
      const row = isUuidLike(conversationId)
        ? await selectShareOfConversation(db, userId, conversationId)
        : null;
      return {
        shareId: row?.shareId ?? null,
        conversationId,
        success: row !== null,
        link: row && present(row),
      };
    },

    /** `GET /api/share/{shareId}`: what a visitor sees, as JSON text page by page. */
    async view(shareId: string, viewer: Viewer): Promise<SharedView> {
      const share = await visibleShare(shareId, viewer);
      const head = JSON.stringify({
        shareId: share.shareId,
        title: share.title,
        endpoint: share.endpoint,
        createdAt: share.createdAt.toISOString(),
        updatedAt: share.updatedAt.toISOString(),
        messages: [],
      });
      const pages = storedPages(share);
      async function* chunks(): AsyncGenerator<string> {
        yield head.slice(0, -2);
        let first = true;
        for await (const page of pages) {
          if (page.length === 0) continue;
          const text = links.sign(page.map((message) => JSON.stringify(message)).join(','));
          yield first ? text : `,${text}`;
          first = false;
        }
        yield ']}';
      }
      return { chunks: chunks() };
    },

    /** `GET /api/share/{shareId}/files/{fileId}?exp&sig`: a copied file, only through a live share. */
    async file(shareId: string, fileId: string, exp: string, sig: string): Promise<SharedFileContent> {
      const id = fileId.toLowerCase();
      if (!isShareId(shareId) || !isUuidLike(id) || !links.verify(shareId, id, exp, sig)) {
        throw notFound(SHARE_NOT_FOUND);
      }
      const share = await selectLiveShare(db, shareId, now());
      const row = share ? await selectShareFile(db, shareId, id) : null;
      if (!row) throw notFound(SHARE_NOT_FOUND);
      let stream: Readable | null;
      try {
        stream = await storage.get(row.storageKey);
      } catch (error) {
        throw new AppError(503, STORAGE_DOWN, { cause: error });
      }
      if (!stream) throw notFound(SHARE_NOT_FOUND);
      return { type: row.type, filename: row.filename, bytes: row.bytes, stream };
    },

    /** `POST /api/share/{shareId}/copy`: the snapshot as a new conversation of the caller's. */
    async copy(userId: string, shareId: string): Promise<{ conversationId: string }> {
      const share = await visibleShare(shareId, { userId });
      const messages: SharedMessage[] = [];
      for await (const page of storedPages(share)) messages.push(...(page as unknown as SharedMessage[]));
      return copySharedConversation({
        db,
        userId,
        share,
        messages,
        batchSize: deps.batchSize,
        readFile: async (fileId) => {
          const row = await selectShareFile(db, share.shareId, fileId);
          const stream = row ? await storage.get(row.storageKey) : null;
          if (!row || !stream) return null;
          const chunks: Buffer[] = [];
          for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
          return { bytes: Buffer.concat(chunks), filename: row.filename, mimeType: row.type };
        },
        saveFile: (file) => files.saveCopy(userId, file),
      });
    },

    /** For the background sweeper: removes the files no live share shows (see `deleteExpiredShareFiles`). */
    deleteExpiredFiles: (at: Date = now()) => deleteExpiredShareFiles({ db, storage, now: at }),
  };
}

/**
 * Deletes the bytes and rows of every share file no share shows any more: those of expired shares, and those
 * left unlinked by a revoked or updated link or a deleted account. Safe to run on several instances at once
 * (deleting twice is harmless); the background sweeper calls it. Answers how many files went.
 */
export async function deleteExpiredShareFiles(deps: {
  db: Db;
  storage: FileStorage;
  now: Date;
}): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await selectDeadShareFiles(deps.db, deps.now, SWEEP_BATCH);
    if (rows.length === 0) return removed;
    const gone = await Promise.allSettled(rows.map((row) => deps.storage.delete(row.storageKey)));
    const deleted = rows
      .filter((_row, index) => gone[index]?.status === 'fulfilled')
      .map((row) => row.fileId);
    await deleteShareFileRows(deps.db, deleted);
    removed += deleted.length;
    // Bytes that would not go stay listed for the next run instead of looping on them now.
    if (deleted.length < rows.length || rows.length < SWEEP_BATCH) return removed;
  }
}
