import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { mergeFileConfig, toMegabytes } from '@parley/shared/files/file-config';
import { isImageType } from '@parley/shared/files/mime-types';
import { sniffImageType } from '@parley/shared/files/sniff-image-type';
import {
  fileUploadFieldsSchema,
  type FileConfig,
  type FileContext,
  type FileObject,
  type FileUploadFields,
  type FileUploadResponse,
  type FileUsage,
} from '@parley/shared/schemas/file';
import type { AppConfig } from '../config/app-config';
import type { Db } from '../db/client';
import type { FileRow, NewFileRow } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { createFileStorage } from '../storage/create-file-storage';
import type { FileStorage } from '../storage/file-storage';
import { storageKey } from '../storage/storage-key';
import { knowledgeSettings } from '../knowledge/settings';
import type { BillEmbedding } from '../knowledge/embeddings';
import { createKnowledgeService, type KnowledgeService, type Passage } from '../knowledge/service';
import { createUsersService } from '../users/service';
import type { Attachment } from './attachment';
import {
  NOT_AN_IMAGE,
  processAvatar,
  processChatImage,
  processGeneratedImage,
  readableImageSize,
  type ImageOutputType,
} from './images';
import { cleanFilename } from './clean-filename';
import { isForeignKeyViolation } from './is-foreign-key-violation';
import { MAX_EXTRACTED_TEXT } from './extract-text';
import { judgeUpload } from './judge-upload';
import { presentFile } from './present-file';
import type { UploadedFile } from './read-upload';
import {
  deleteUserAvatarFile,
  deleteAllUserFiles,
  deleteUserFiles,
  findFileById,
  findUserFile,
  findUserFiles,
  incrementUsage,
  listUserFiles,
  setTextState,
  userStorageBytes,
} from './repo';
import { createFileLinks, type LinkSigner } from './signed-link';
import { createStorageQuota, type Room } from './storage-quota';
import { readUserRecord as findUserById } from '../users/service';
import { sweepSpool, sweepUploadParts } from './sweep-spool';

export interface FilesServiceDeps {
  db: Db;
  config: AppConfig;
  /** Writes the ledger row of each embeddings call (indexing, questions); absent: not billed (the CLI). */
  billEmbedding?: BillEmbedding | undefined;
  /** Default: the storage `config.fileStorage` names (owned, closed by `close()`). */
  storage?: FileStorage;
  /** Default: one made from the environment's knowledge settings (owned, closed by `close()`). */
  knowledge?: KnowledgeService;
}

/** A stored file's bytes with what a response needs to describe them. */
export interface FileContent {
  file: FileObject;
  stream: Readable;
}

export interface FilesService {
  /** The YAML `fileConfig` merged with the defaults (what `GET /api/files/config` answers). */
  readonly fileConfig: FileConfig;
  /** The storage's limit on one upload (bytes). */
  readonly serverFileSizeLimit: number;
  /** Where incoming files are spooled while their request lasts (`DATA_DIR/tmp`). */
  readonly spoolDirectory: string;
  list(userId: string): Promise<FileObject[]>;
  // The methods that store a file (uploads, avatars, tools' files) refuse it with 413 past the user's
  // storage limit, counting the files still on their way in (see `StorageQuota`).
  /** Bytes the caller's files take, and the per-user limit (YAML `fileConfig.userStorageLimit`). */
  usage(userId: string): Promise<FileUsage>;
  /** A document (`POST /api/files`): checked against the endpoint's limits, its text kept when it has some. */
  uploadDocument(
    userId: string,
    fields: Record<string, string>,
    file: UploadedFile,
  ): Promise<FileUploadResponse>;
  /** An image (`POST /api/files/images`): resized for the endpoint and converted to `imageOutputType`. */
  uploadImage(
    userId: string,
    fields: Record<string, string>,
    file: UploadedFile,
  ): Promise<FileUploadResponse>;
  /**
   * An avatar: a 150 px square that becomes the user's avatar; the avatar file it replaces (row and bytes) is
   * deleted. Answers its URL. Without `manual` it is refused (400) and nothing is stored.
   */
  uploadAvatar(userId: string, file: UploadedFile, manual: boolean): Promise<{ url: string }>;
  /**
   * An assistant's avatar: a 150 px square stored as the user's file (context `avatar`), nobody's profile
   * picture. Answers its id and link.
   */
  storeAssistantAvatar(userId: string, file: UploadedFile): Promise<{ fileId: string; url: string }>;
  /**
   * An image a tool generated (DALL·E, Stable Diffusion), saved as the user's file with context
   * `image_generation` in the configured image type; 400 when the bytes are not an image, 413 past the
   * user's storage limit.
   */
  saveGenerated(userId: string, image: { bytes: Buffer; filename: string }): Promise<FileObject>;
  /**
   * A file the code interpreter wrote, kept as written as the user's file (context `assistants_output`);
   * png, jpeg, gif and webp images get their size. 413 past the user's storage limit.
   */
  saveToolOutput(
    userId: string,
    file: { bytes: Buffer; filename: string; mimeType: string },
  ): Promise<FileObject>;
  /** Deletes the caller's files among `fileIds` (rows and bytes); other ids are ignored. */
  deleteFiles(userId: string, fileIds: readonly string[]): Promise<{ message: string; deleted: number }>;
  /** Deletes every file of the user, avatars included (rows and stored bytes); answers how many. */
  deleteAllOf(userId: string): Promise<number>;
  /** One of the caller's own files; 404 for anyone else's or an unknown one. */
  download(userId: string, ownerId: string, fileId: string): Promise<FileContent>;
  /**
   * A file by its signed link; 404 for a bad signature (a link of another key: forged, or made before the
   * owner's password was reset) or a missing file, 403 with a readable message for an expired link.
   */
  content(fileId: string, exp: string, signature: string): Promise<FileContent>;
  /** The link maker for the user's own files (their current key), e.g. to re-sign the links of a listing. */
  linksFor(userId: string): Promise<LinkSigner>;
  /** `text` (JSON of messages, a user's avatar) with the user's file links in it signed afresh. */
  relink(text: string, signer: LinkSigner): string;
  /** The caller's files among `fileIds`, in that order; unknown ids and other users' files are left out. */
  attachmentsFor(userId: string, fileIds: readonly string[]): Promise<Attachment[]>;
  /** The best `limit` passages of the caller's documents among `fileIds` for `question` (knowledge). */
  searchPassages(
    userId: string,
    fileIds: readonly string[],
    question: string,
    limit: number,
  ): Promise<Passage[]>;
  /** Counts one more message using each of the caller's files and records the conversation. */
  markUsed(userId: string, fileIds: readonly string[], conversationId: string): Promise<void>;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_LIMIT = 100;
const FILE_NOT_FOUND = 'File not found';
const LINK_EXPIRED = 'This file link has expired. Reload the page to get a new one.';
const UPLOADED = 'File uploaded and processed successfully';
const IMAGE_UPLOADED = 'Image uploaded and processed successfully';
const IMAGE_ON_DOCUMENT_ROUTE = 'Images must be uploaded to /api/files/images, not /api/files.';
/** What `read()` tolerates above a file's recorded size before it refuses the bytes. */
const READ_SLACK_BYTES = 64 * 1024;
const AVATAR_NOT_AN_IMAGE = 'The avatar must be a png, jpeg, gif or webp image.';
const MANUAL_MUST_BE_TRUE = 'manual must be true';
const STORAGE_DOWN = 'The file storage is not available right now. Please try again later.';
/** SPEC §8: a file that could not be read, converted or indexed for a reason of the server's own. */
export const PROCESSING_FAILED = 'An error occurred while processing the file.';

/** Runs a step that reads, converts or indexes an upload: its refusals stand, anything else is SPEC's text. */
export async function processing<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(500, PROCESSING_FAILED, { code: 'file_processing', cause: error });
  }
}

/** The valid UUIDs among `ids`, lower-cased, without repeats, in order. */
const uuidsOf = (ids: readonly string[]): string[] => [
  ...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase())),
];

function parseFields(fields: Record<string, string>): FileUploadFields {
  const parsed = fileUploadFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const problem = issue?.message ?? 'is invalid';
  // The schema's own messages (SPEC §8 "…: Endpoint is undefined") already read as a sentence.
  throw new AppError(400, /^[A-Z]/.test(problem) || field === '' ? problem : `${field}: ${problem}`);
}

/** `photo.jpg` → `photo.png` when an image was converted. */
const withExtension = (filename: string, extension: string): string =>
  `${filename.replace(/\.[^./\\]{1,10}$/, '') || 'image'}.${extension}`;

/**
 * The files feature. Construct it with `createFilesService({ db, config })` from the deps `buildApp` has;
 * it opens the storage `config.fileStorage` names.
 */
export function createFilesService(deps: FilesServiceDeps): FilesService {
  const { db, config } = deps;
  const storage = deps.storage ?? createFileStorage(config.fileStorage);
  const links = createFileLinks(config.secrets.jwtSecret);
  const fileConfig = mergeFileConfig(config.yaml?.fileConfig);
  const imageOutputType: ImageOutputType = config.yaml?.imageOutputType ?? 'png';
  const users = createUsersService(db);
  const quota = createStorageQuota(db, fileConfig.userStorageLimit);
  /** The user's link maker; an unknown user (a token outliving its account) gets one nobody can verify. */
  async function linksFor(userId: string): Promise<LinkSigner> {
    const row = UUID.test(userId) ? await findUserById(db, userId) : undefined;
    return links.forOwner({ id: userId, passwordHash: row?.passwordHash ?? null });
  }
  const present = async (row: FileRow): Promise<FileObject> => presentFile(row, await linksFor(row.userId));
  const knowledge =
    deps.knowledge ??
    createKnowledgeService({
      db,
      settings: knowledgeSettings(config.vars),
      maxFileBytes: fileConfig.serverFileSizeLimit,
      wholeTextCharacters: MAX_EXTRACTED_TEXT,
      billEmbedding: deps.billEmbedding,
    });
  const spoolDirectory = join(config.server.dataDir, 'tmp');
  void sweepSpool(spoolDirectory);
  if (config.fileStorage.kind === 'local') void sweepUploadParts(config.fileStorage.root);

  /**
   * Stores the bytes (processed, or a spooled file's), then the row in the place of the `room` reserved for
   * them; the bytes go again if the row cannot be written.
   */
  async function store(
    room: Room,
    userId: string,
    body: Buffer | { path: string; bytes: number },
    row: Omit<NewFileRow, 'fileId' | 'userId' | 'filepath' | 'bytes' | 'source'>,
  ): Promise<FileRow> {
    const fileId = randomUUID();
    const key = storageKey(userId, fileId);
    try {
      await (Buffer.isBuffer(body)
        ? storage.put(key, body, row.type)
        : storage.putFile(key, body.path, row.type));
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw new AppError(503, STORAGE_DOWN, { cause: error });
    }
    try {
      const bytes = Buffer.isBuffer(body) ? body.length : body.bytes;
      return await quota.insert({ ...row, fileId, userId, filepath: key, bytes, source: storage.kind }, room);
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      // A valid token of a deleted account speaks for nobody.
      if (isForeignKeyViolation(error)) throw new AppError(401, 'Unauthorized', { cause: error });
      throw error;
    }
  }

  /** Deletes the avatar file `previousUrl` links to, when it is another avatar of the user's. */
  async function deleteReplacedAvatar(userId: string, previousUrl: string | null, current: string) {
    const previousId = links.fileIdOf(previousUrl);
    if (!previousId || previousId === current) return;
    const row = await deleteUserAvatarFile(db, userId, previousId);
    // The row is gone, so the avatar is too as far as anyone can see; stray bytes cost only space.
    if (row) await storage.delete(row.filepath).catch(() => undefined);
  }

  const contextOf = (fields: FileUploadFields): FileContext =>
    fields.endpoint === 'assistants' && fields.message_file !== 'true' ? 'assistants' : 'message_attachment';
  const conversationOf = (fields: FileUploadFields): string | null =>
    fields.conversationId && UUID.test(fields.conversationId) ? fields.conversationId.toLowerCase() : null;

  async function contentOf(row: FileRow | undefined, signer?: LinkSigner): Promise<FileContent> {
    if (!row) throw notFound(FILE_NOT_FOUND);
    let stream: Readable | null;
    try {
      stream = await storage.get(row.filepath);
    } catch (error) {
      throw new AppError(503, STORAGE_DOWN, { cause: error });
    }
    if (!stream) throw notFound(FILE_NOT_FOUND);
    return { file: signer ? presentFile(row, signer) : await present(row), stream };
  }

  return {
    fileConfig,
    serverFileSizeLimit: fileConfig.serverFileSizeLimit,
    spoolDirectory,
    async list(userId) {
      const signer = await linksFor(userId);
      return (await listUserFiles(db, userId, LIST_LIMIT)).map((row) => presentFile(row, signer));
    },
    async usage(userId) {
      return { used: await userStorageBytes(db, userId), limit: fileConfig.userStorageLimit ?? null };
    },
    async uploadDocument(userId, rawFields, file) {
      const fields = parseFields(rawFields);
      const type = judgeUpload(fileConfig, fields, file);
      // Images are only ever stored resized and re-encoded, so a chat turn never reads a huge one.
      if (isImageType(type)) throw new AppError(400, IMAGE_ON_DOCUMENT_ROUTE);
      // Reserved before the text is read, so a file that cannot fit costs no extraction.
      const { row, extracted } = await quota.withRoom(userId, file.bytes, async (room) => {
        // Read in a worker thread; a document without text is kept all the same, and says so.
        const text = await processing(() => knowledge.extract(file.path, type));
        const stored = await store(room, userId, file, {
          tempFileId: fields.file_id,
          conversationId: conversationOf(fields),
          filename: file.filename,
          type,
          width: fields.width ?? null,
          height: fields.height ?? null,
          context: contextOf(fields),
          text: text?.state === 'indexed' ? text.text : null,
          textState: text?.state === 'no_text' ? 'no_text' : null,
        });
        return { row: stored, extracted: text };
      });
      if (extracted?.state !== 'indexed') return { ...(await present(row)), message: UPLOADED };
      await processing(() => knowledge.index(userId, row.fileId, extracted.chunks));
      const indexed = await setTextState(db, row.fileId, 'indexed');
      return { ...(await present(indexed ?? row)), message: UPLOADED };
    },
    async uploadImage(userId, rawFields, file) {
      const fields = parseFields(rawFields);
      const type = judgeUpload(fileConfig, fields, file);
      if (!isImageType(type)) throw new AppError(400, NOT_AN_IMAGE);
      const image = await processing(() => processChatImage(file.path, fields.endpoint, imageOutputType));
      const row = await quota.withRoom(userId, image.bytes.length, (room) =>
        store(room, userId, image.bytes, {
          tempFileId: fields.file_id,
          conversationId: conversationOf(fields),
          filename: withExtension(file.filename, imageOutputType === 'jpeg' ? 'jpg' : imageOutputType),
          type: image.type,
          width: image.width,
          height: image.height,
          context: contextOf(fields),
        }),
      );
      return { ...(await present(row)), message: IMAGE_UPLOADED };
    },
    async uploadAvatar(userId, file, manual) {
      // An avatar nobody uses would only take space: see docs/decisions.md "Avatar uploads".
      if (!manual) throw new AppError(400, MANUAL_MUST_BE_TRUE);
      // Only the four image formats reach sharp's decoders, whatever else it could parse.
      if (sniffImageType(file.head) === undefined) throw new AppError(400, AVATAR_NOT_AN_IMAGE);
      const image = await processAvatar(file.path, imageOutputType);
      const row = await quota.withRoom(userId, image.bytes.length, (room) =>
        store(room, userId, image.bytes, {
          filename: `avatar.${imageOutputType === 'jpeg' ? 'jpg' : imageOutputType}`,
          type: image.type,
          width: image.width,
          height: image.height,
          context: 'avatar',
        }),
      );
      const url = (await linksFor(userId)).link(row.fileId);
      await deleteReplacedAvatar(userId, await users.replaceAvatar(userId, url), row.fileId);
      return { url };
    },
    async storeAssistantAvatar(userId, file) {
      if (sniffImageType(file.head) === undefined) throw new AppError(400, AVATAR_NOT_AN_IMAGE);
      const image = await processAvatar(file.path, imageOutputType);
      const row = await quota.withRoom(userId, image.bytes.length, (room) =>
        store(room, userId, image.bytes, {
          filename: `assistant-avatar.${imageOutputType === 'jpeg' ? 'jpg' : imageOutputType}`,
          type: image.type,
          width: image.width,
          height: image.height,
          context: 'avatar',
        }),
      );
      return { fileId: row.fileId, url: (await linksFor(userId)).link(row.fileId) };
    },
    async saveGenerated(userId, generated) {
      const image = await processGeneratedImage(generated.bytes, imageOutputType);
      const row = await quota.withRoom(userId, image.bytes.length, (room) =>
        store(room, userId, image.bytes, {
          filename: withExtension(generated.filename, imageOutputType === 'jpeg' ? 'jpg' : imageOutputType),
          type: image.type,
          width: image.width,
          height: image.height,
          context: 'image_generation',
        }),
      );
      return present(row);
    },
    async saveToolOutput(userId, output) {
      const row = await quota.withRoom(userId, output.bytes.length, async (room) => {
        const size = output.mimeType.startsWith('image/') ? await readableImageSize(output.bytes) : undefined;
        return store(room, userId, output.bytes, {
          filename: cleanFilename(output.filename),
          type: output.mimeType,
          ...(size ? { width: size.width, height: size.height } : {}),
          context: 'assistants_output',
        });
      });
      return present(row);
    },
    async deleteFiles(userId, fileIds) {
      const rows = await deleteUserFiles(db, userId, uuidsOf(fileIds));
      // The rows are gone, so the files are too as far as anyone can see; stray bytes cost only space.
      await Promise.allSettled(rows.map((row) => storage.delete(row.filepath)));
      return { message: 'Files deleted successfully', deleted: rows.length };
    },
    async deleteAllOf(userId) {
      const rows = await deleteAllUserFiles(db, userId);
      await Promise.allSettled(rows.map((row) => storage.delete(row.filepath)));
      return rows.length;
    },
    async download(userId, ownerId, fileId) {
      if (ownerId.toLowerCase() !== userId.toLowerCase() || !UUID.test(fileId))
        throw notFound(FILE_NOT_FOUND);
      return contentOf(await findUserFile(db, userId, fileId.toLowerCase()));
    },
    async content(fileId, exp, sig) {
      if (!UUID.test(fileId)) throw notFound(FILE_NOT_FOUND);
      const row = await findFileById(db, fileId.toLowerCase());
      const owner = row ? await findUserById(db, row.userId) : undefined;
      if (!row || !owner) throw notFound(FILE_NOT_FOUND);
      const check = links.check({ fileId: row.fileId, exp, sig }, owner);
      // An expired link was ours (its signature holds), so saying so tells nothing about the file.
      if (check === 'expired') throw new AppError(403, LINK_EXPIRED);
      if (check === 'invalid') throw notFound(FILE_NOT_FOUND);
      return contentOf(row, links.forOwner(owner));
    },
    linksFor,
    relink: (text, signer) => links.relink(text, signer),
    async attachmentsFor(userId, fileIds) {
      const wanted = uuidsOf(fileIds);
      const rows = new Map((await findUserFiles(db, userId, wanted)).map((row) => [row.fileId, row]));
      const signer = rows.size > 0 ? await linksFor(userId) : undefined;
      return wanted.flatMap((fileId): Attachment[] => {
        const row = rows.get(fileId);
        return row && signer ? [toAttachment(row, signer)] : [];
      });
    },
    async searchPassages(userId, fileIds, question, limit) {
      return knowledge.search(userId, uuidsOf(fileIds), question, limit);
    },
    async markUsed(userId, fileIds, conversationId) {
      const conversation = UUID.test(conversationId) ? conversationId.toLowerCase() : null;
      await incrementUsage(db, userId, uuidsOf(fileIds), conversation);
    },
    async close() {
      await Promise.all([storage.close(), deps.knowledge ? undefined : knowledge.close()]);
    },
  };

  function toAttachment(row: FileRow, signer: LinkSigner): Attachment {
    return {
      file_id: row.fileId,
      filename: row.filename,
      filepath: signer.link(row.fileId),
      type: row.type,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      text: row.text,
      textState: row.textState,
      async read() {
        const stream = await storage.get(row.filepath);
        if (!stream)
          throw new Error(`the bytes of file ${row.fileId} are missing from the ${storage.kind} storage`);
        return readCapped(stream, row.bytes + READ_SLACK_BYTES, row.fileId);
      },
    };
  }
}

/** The stream's bytes, refusing (and destroying the stream) once more than `maxBytes` arrive. */
async function readCapped(stream: Readable, maxBytes: number, fileId: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | Uint8Array | string>) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    total += bytes.length;
    if (total > maxBytes) {
      stream.destroy();
      throw new Error(`file ${fileId} holds more bytes than its recorded size`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}

/** The readable message of an upload above the server's limit (413). */
export const tooLargeForServer = (limit: number): AppError =>
  new AppError(413, `The file is too large: the server accepts files up to ${toMegabytes(limit)} MB.`);
