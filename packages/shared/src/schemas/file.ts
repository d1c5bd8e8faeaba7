import { z } from 'zod';

/** Where a file's bytes live (SPEC §3 File `source`). */
export const FILE_SOURCES = ['local', 'firebase', 'openai', 's3', 'vectordb'] as const;
export type FileSource = (typeof FILE_SOURCES)[number];

/**
 * What Parley could read of a document (API.md "Knowledge"): `indexed`, its text is searchable;
 * `no_text`, it is stored but has no extractable text (a scan, an encrypted or corrupt file).
 */
export const FILE_TEXT_STATES = ['indexed', 'no_text'] as const;
export type FileTextState = (typeof FILE_TEXT_STATES)[number];

/** What a file is for (SPEC §3 File `context`). */
export const FILE_CONTEXTS = [
  'avatar',
  'unknown',
  'assistants',
  'image_generation',
  'assistants_output',
  'message_attachment',
] as const;
export type FileContext = (typeof FILE_CONTEXTS)[number];

/**
 * A stored file as every files route returns it (SPEC §3 File). `filepath` is the URL the browser loads
 * it from: a signed link under `/api/files/content/{file_id}` that works in an `<img>` without a bearer
 * header and is useless to anyone who was not given it.
 */
export const fileSchema = z.object({
  file_id: z.uuid(),
  /** The id the client chose before the upload (its preview key), when it sent one. */
  temp_file_id: z.string().nullish(),
  filename: z.string(),
  filepath: z.string(),
  /** MIME type. */
  type: z.string(),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().nullish(),
  height: z.number().int().nullish(),
  source: z.enum(FILE_SOURCES),
  context: z.enum(FILE_CONTEXTS).nullish(),
  embedded: z.boolean(),
  /** Knowledge state of a document; absent for images and files whose text Parley does not read. */
  text_state: z.enum(FILE_TEXT_STATES).nullish(),
  /** How many messages use it. */
  usage: z.number().int().nonnegative(),
  conversationId: z.string().nullish(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileObject = z.infer<typeof fileSchema>;

/** `GET /api/files`: the caller's files, newest first (at most 100). */
export const fileListSchema = z.array(fileSchema);

/**
 * Text fields of the multipart `POST /api/files` and `POST /api/files/images` (the `file` part carries the
 * bytes). Multipart fields arrive as strings, so numbers and booleans are coerced.
 */
export const fileUploadFieldsSchema = z.object({
  /** The client's temporary id for the file (becomes `temp_file_id`). */
  file_id: z.uuid({ error: 'file_id must be a UUID' }),
  endpoint: z
    .string({ error: 'An error occurred while uploading the file: Endpoint is undefined' })
    .min(1, 'An error occurred while uploading the file: Endpoint is undefined')
    .max(256, 'endpoint is too long (at most 256 characters)'),
  width: z.coerce.number().int().positive().max(100_000).optional(),
  height: z.coerce.number().int().positive().max(100_000).optional(),
  conversationId: z.string().max(64).optional(),
  /** Assistants only. */
  assistant_id: z.string().max(256).optional(),
  model: z.string().max(256).optional(),
  message_file: z.enum(['true', 'false']).optional(),
});
export type FileUploadFields = z.infer<typeof fileUploadFieldsSchema>;

/** Answer of an upload: the stored file plus a human message. */
export const fileUploadResponseSchema = fileSchema.extend({ message: z.string() });
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

/** `DELETE /api/files`. Only the caller's files are ever deleted; other ids are ignored. */
export const fileDeleteBodySchema = z.object({
  files: z
    .array(
      z
        .object({
          file_id: z.string().min(1).max(256),
          filepath: z.string().max(4096).optional(),
          embedded: z.boolean().optional(),
          source: z.enum(FILE_SOURCES).optional(),
        })
        .loose(),
    )
    .min(1, 'files must list at least one file')
    .max(1000),
  assistant_id: z.string().max(256).optional(),
});
export type FileDeleteBody = z.infer<typeof fileDeleteBodySchema>;
export const fileDeleteResponseSchema = z.object({ message: z.string(), deleted: z.number().int() });

/** `POST /api/files/images/avatar` (multipart `input` plus `manual`): the new avatar's URL. */
export const avatarUploadResponseSchema = z.object({ url: z.string() });

/** One endpoint's file limits, merged with the defaults (sizes in bytes, MIME types as RegExp sources). */
export const endpointFileConfigSchema = z.object({
  disabled: z.boolean(),
  fileLimit: z.number().int().nonnegative(),
  fileSizeLimit: z.number().nonnegative(),
  totalSizeLimit: z.number().nonnegative(),
  supportedMimeTypes: z.array(z.string()),
});
export type EndpointFileConfig = z.infer<typeof endpointFileConfigSchema>;

/**
 * `GET /api/files/config`: the YAML `fileConfig` already merged with the defaults of SPEC §5 "Files", so
 * the client and the server judge a file by the same numbers. `endpoints.default` is always present.
 */
export const fileConfigSchema = z.object({
  endpoints: z.record(z.string(), endpointFileConfigSchema),
  serverFileSizeLimit: z.number().nonnegative(),
  avatarSizeLimit: z.number().nonnegative(),
  /** YAML `fileConfig.userStorageLimit`: the most bytes one user's files may take; null = no limit. */
  userStorageLimit: z.number().nonnegative().nullable().optional(),
});
export type FileConfig = z.infer<typeof fileConfigSchema>;

/** `GET /api/files/usage`: the bytes the caller's files take and the per-user limit (null = none). */
export const fileUsageSchema = z.object({
  used: z.number().nonnegative(),
  limit: z.number().nonnegative().nullable(),
});
export type FileUsage = z.infer<typeof fileUsageSchema>;
