import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { checkNewFiles } from '@parley/shared/files/check-new-files';
import { endpointFileConfig, mergeFileConfig, toMegabytes } from '@parley/shared/files/file-config';
import { isImageType } from '@parley/shared/files/mime-types';
import {
  fileUploadFieldsSchema,
  type FileConfig,
  type FileContext,
  type FileObject,
  type FileUploadFields,
  type FileUploadResponse,
} from '@parley/shared/schemas/file';
import type { AppConfig } from '../config/app-config';
import type { Db } from '../db/client';
import type { FileRow } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { createFileStorage } from '../storage/create-file-storage';
import type { FileStorage } from '../storage/file-storage';
import { storageKey } from '../storage/storage-key';
import { createUsersService } from '../users/service';
import type { Attachment } from './attachment';
import { extractText } from './extract-text';
import { NOT_AN_IMAGE, processAvatar, processChatImage, type ImageOutputType } from './images';
import { presentFile } from './present-file';
import type { UploadedFile } from './read-upload';
import {
  deleteUserFiles,
  findFileById,
  findUserFile,
  findUserFiles,
  incrementUsage,
  insertFile,
  listUserFiles,
} from './repo';
import { createLinkSigner, type LinkSigner } from './signed-link';

export interface FilesServiceDeps {
  db: Db;
  config: AppConfig;
  /** Default: the storage `config.fileStorage` names (owned, closed by `close()`). */
  storage?: FileStorage;
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
  list(userId: string): Promise<FileObject[]>;
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
  /** An avatar: a 150 px square; with `manual` it becomes the user's avatar. Answers its URL. */
  uploadAvatar(userId: string, file: UploadedFile, manual: boolean): Promise<{ url: string }>;
  /** Deletes the caller's files among `fileIds` (rows and bytes); other ids are ignored. */
  deleteFiles(userId: string, fileIds: readonly string[]): Promise<{ message: string; deleted: number }>;
  /** One of the caller's own files; 404 for anyone else's or an unknown one. */
  download(userId: string, ownerId: string, fileId: string): Promise<FileContent>;
  /** A file by its signed link; 404 for a bad signature or a missing file. */
  content(fileId: string, signature: string): Promise<FileContent>;
  /** The caller's files among `fileIds`, in that order; unknown ids and other users' files are left out. */
  attachmentsFor(userId: string, fileIds: readonly string[]): Promise<Attachment[]>;
  /** Counts one more message using each of the caller's files and records the conversation. */
  markUsed(userId: string, fileIds: readonly string[], conversationId: string): Promise<void>;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_LIMIT = 100;
const FILE_NOT_FOUND = 'File not found';
const UPLOADED = 'File uploaded and processed successfully';
const IMAGE_UPLOADED = 'Image uploaded and processed successfully';

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
  // The schema's own messages ("No endpoint provided") already read as a sentence.
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
  const signer: LinkSigner = createLinkSigner(config.secrets.jwtSecret);
  const fileConfig = mergeFileConfig(config.yaml?.fileConfig);
  const imageOutputType: ImageOutputType = config.yaml?.imageOutputType ?? 'png';
  const users = createUsersService(db);
  const present = (row: FileRow): FileObject => presentFile(row, signer);

  /** The endpoint's checks of SPEC §5 "Files" on one incoming file; answers the type it was judged by. */
  function judge(fields: FileUploadFields, file: UploadedFile): string {
    const limits = endpointFileConfig(fileConfig, fields.endpoint);
    if (limits.disabled)
      throw new AppError(400, `File uploads are disabled for the ${fields.endpoint} endpoint.`);
    const incoming = [{ name: file.filename, size: file.bytes.length, type: file.mimetype }];
    const checked = checkNewFiles({ config: fileConfig, endpoint: fields.endpoint, incoming });
    if (!checked.ok) throw new AppError(400, checked.error);
    const type = checked.files[0]?.type;
    if (type === undefined) throw new AppError(400, `Unable to determine file type for: ${file.filename}`);
    return type;
  }

  /** Stores the bytes, then the row; the bytes go again if the row cannot be written. */
  async function store(
    userId: string,
    bytes: Buffer,
    row: Omit<Parameters<typeof insertFile>[1], 'fileId' | 'userId' | 'filepath' | 'bytes' | 'source'>,
  ): Promise<FileRow> {
    const fileId = randomUUID();
    const key = storageKey(userId, fileId);
    await storage.put(key, bytes, row.type);
    try {
      return await insertFile(db, {
        ...row,
        fileId,
        userId,
        filepath: key,
        bytes: bytes.length,
        source: storage.kind,
      });
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  const contextOf = (fields: FileUploadFields): FileContext =>
    fields.endpoint === 'assistants' && fields.message_file !== 'true' ? 'assistants' : 'message_attachment';
  const conversationOf = (fields: FileUploadFields): string | null =>
    fields.conversationId && UUID.test(fields.conversationId) ? fields.conversationId.toLowerCase() : null;

  async function contentOf(row: FileRow | undefined): Promise<FileContent> {
    if (!row) throw notFound(FILE_NOT_FOUND);
    const stream = await storage.get(row.filepath);
    if (!stream) throw notFound(FILE_NOT_FOUND);
    return { file: present(row), stream };
  }

  return {
    fileConfig,
    serverFileSizeLimit: fileConfig.serverFileSizeLimit,
    async list(userId) {
      return (await listUserFiles(db, userId, LIST_LIMIT)).map(present);
    },
    async uploadDocument(userId, rawFields, file) {
      const fields = parseFields(rawFields);
      const type = judge(fields, file);
      const row = await store(userId, file.bytes, {
        tempFileId: fields.file_id,
        conversationId: conversationOf(fields),
        filename: file.filename,
        type,
        width: fields.width ?? null,
        height: fields.height ?? null,
        context: contextOf(fields),
        text: extractText(type, file.bytes),
      });
      return { ...present(row), message: UPLOADED };
    },
    async uploadImage(userId, rawFields, file) {
      const fields = parseFields(rawFields);
      const type = judge(fields, file);
      if (!isImageType(type)) throw new AppError(400, NOT_AN_IMAGE);
      const image = await processChatImage(file.bytes, fields.endpoint, imageOutputType);
      const row = await store(userId, image.bytes, {
        tempFileId: fields.file_id,
        conversationId: conversationOf(fields),
        filename: withExtension(file.filename, imageOutputType === 'jpeg' ? 'jpg' : imageOutputType),
        type: image.type,
        width: image.width,
        height: image.height,
        context: contextOf(fields),
      });
      return { ...present(row), message: IMAGE_UPLOADED };
    },
    async uploadAvatar(userId, file, manual) {
      const image = await processAvatar(file.bytes, imageOutputType);
      const row = await store(userId, image.bytes, {
        filename: `avatar.${imageOutputType === 'jpeg' ? 'jpg' : imageOutputType}`,
        type: image.type,
        width: image.width,
        height: image.height,
        context: 'avatar',
      });
      const url = signer.link(row.fileId);
      if (manual) await users.setAvatar(userId, url);
      return { url };
    },
    async deleteFiles(userId, fileIds) {
      const rows = await deleteUserFiles(db, userId, uuidsOf(fileIds));
      // The rows are gone, so the files are too as far as anyone can see; stray bytes cost only space.
      await Promise.allSettled(rows.map((row) => storage.delete(row.filepath)));
      return { message: 'Files deleted successfully', deleted: rows.length };
    },
    async download(userId, ownerId, fileId) {
      if (ownerId.toLowerCase() !== userId.toLowerCase() || !UUID.test(fileId))
        throw notFound(FILE_NOT_FOUND);
      return contentOf(await findUserFile(db, userId, fileId.toLowerCase()));
    },
    async content(fileId, signature) {
      if (!UUID.test(fileId) || !signer.verify(fileId, signature)) throw notFound(FILE_NOT_FOUND);
      return contentOf(await findFileById(db, fileId));
    },
    async attachmentsFor(userId, fileIds) {
      const wanted = uuidsOf(fileIds);
      const rows = new Map((await findUserFiles(db, userId, wanted)).map((row) => [row.fileId, row]));
      return wanted.flatMap((fileId): Attachment[] => {
        const row = rows.get(fileId);
        return row ? [toAttachment(row)] : [];
      });
    },
    async markUsed(userId, fileIds, conversationId) {
      const conversation = UUID.test(conversationId) ? conversationId.toLowerCase() : null;
      await incrementUsage(db, userId, uuidsOf(fileIds), conversation);
    },
    close: () => storage.close(),
  };

  function toAttachment(row: FileRow): Attachment {
    return {
      file_id: row.fileId,
      filename: row.filename,
      filepath: signer.link(row.fileId),
      type: row.type,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      text: row.text,
      async read() {
        const stream = await storage.get(row.filepath);
        if (!stream)
          throw new Error(`the bytes of file ${row.fileId} are missing from the ${storage.kind} storage`);
        return buffer(stream);
      },
    };
  }
}

/** The readable message of an upload above the server's limit (413). */
export const tooLargeForServer = (limit: number): AppError =>
  new AppError(413, `The file is too large: the server accepts files up to ${toMegabytes(limit)} MB.`);
