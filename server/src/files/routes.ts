import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import { toMegabytes } from '@parley/shared/files/file-config';
import { inferMimeType, isImageType, isTextLikeType } from '@parley/shared/files/mime-types';
import {
  avatarUploadResponseSchema,
  fileConfigSchema,
  fileDeleteBodySchema,
  fileDeleteResponseSchema,
  fileListSchema,
  fileUploadResponseSchema,
  fileUsageSchema,
} from '@parley/shared/schemas/file';
import type { Counters } from '../coordination/counters';
import { AppError } from '../lib/errors';
import { authenticate } from '../plugins/authenticate';
import { asciiJson, contentDisposition } from './content-disposition';
import { endpointByteCap } from './endpoint-byte-cap';
import { withUpload, type ReadUploadOptions } from './read-upload';
import { tooLargeForServer, type FileContent, type FilesService } from './service';
import { limitUploads, type UploadLimits } from './upload-limits';

export interface FilesRoutesDeps {
  files: FilesService;
  jwtSecret: string;
  counters: Counters;
  uploadLimits: UploadLimits;
  /** Knowledge of assistants (API.md "Assistants and actions"); absent: `assistant_id` is ignored. */
  assistantFiles?: AssistantFilesHook | undefined;
}

/** Adds an uploaded file to (or removes files from) one of the caller's assistants; 404 for anyone else's. */
export interface AssistantFilesHook {
  /** `type`: the file's MIME type (a document added to knowledge may turn the assistant's retrieval on). */
  add(userId: string, assistantId: string, file: { fileId: string; type: string }): Promise<void>;
  remove(userId: string, assistantId: string, fileIds: readonly string[]): Promise<void>;
}

/** An upload for an assistant's knowledge (not a message's file). */
const knowledgeOf = (fields: Record<string, string>): string | undefined =>
  fields.endpoint === 'assistants' && fields.message_file !== 'true' && fields.assistant_id
    ? fields.assistant_id
    : undefined;

/** A day, not a year: a deleted file must not live on in caches for long. */
const CONTENT_CACHE = 'private, max-age=86400';
/** A served file never runs anything, even if a browser were talked into rendering it. */
const CONTENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
const idParam = z.string().max(200);
/** Shown in the browser's own viewer when asked for (`inline=1`, a source's preview at its page). */
const PDF_TYPE = 'application/pdf';

function sendContent(reply: FastifyReply, content: FileContent, headers: Record<string, string>) {
  return reply
    .headers({
      'content-length': String(content.file.bytes),
      'x-content-type-options': 'nosniff',
      'content-security-policy': CONTENT_CSP,
      ...headers,
    })
    .send(content.stream);
}

/** `/api/files…` (SPEC §7 "Files"): listing, uploads, avatars, deletion, downloads and signed content links. */
export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesDeps> = async (app, deps) => {
  const { files } = deps;
  // Registered here, so multipart bodies are parsed only by these routes.
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  const auth = authenticate(deps.jwtSecret);
  const uploadGuard = [auth, limitUploads(deps.counters, deps.uploadLimits)];
  const serverLimit = files.serverFileSizeLimit;
  const spoolDirectory = files.spoolDirectory;
  const imageUpload: ReadUploadOptions = {
    fileField: 'file',
    fileSizeLimit: serverLimit,
    tooLarge: () => tooLargeForServer(serverLimit),
    spoolDirectory,
    capFor: (fields) => endpointByteCap(files.fileConfig, fields),
  };
  const documentUpload: ReadUploadOptions = {
    ...imageUpload,
    wantsText: (filename, mimetype) => isTextLikeType(inferMimeType(filename, mimetype)),
  };
  const avatarLimit = files.fileConfig.avatarSizeLimit;
  const avatarUpload: ReadUploadOptions = {
    fileField: 'input',
    fileSizeLimit: avatarLimit,
    tooLarge: () =>
      new AppError(413, `The avatar is too large: it may be at most ${toMegabytes(avatarLimit)} MB.`),
    spoolDirectory,
  };

  app.get(paths.files, { preHandler: auth, schema: { response: { 200: fileListSchema } } }, async (request) =>
    files.list(request.user.id),
  );
  app.get(
    paths.filesUsage,
    { preHandler: auth, schema: { response: { 200: fileUsageSchema } } },
    async (request) => files.usage(request.user.id),
  );

  app.get(
    paths.filesConfig,
    { preHandler: auth, schema: { response: { 200: fileConfigSchema } } },
    async () => files.fileConfig,
  );

  app.post(
    paths.files,
    { preHandler: uploadGuard, schema: { response: { 200: fileUploadResponseSchema } } },
    async (request) =>
      withUpload(request, documentUpload, async ({ fields, file }) => {
        const uploaded = await files.uploadDocument(request.user.id, fields, file);
        const assistantId = knowledgeOf(fields);
        if (assistantId && deps.assistantFiles) {
          try {
            await deps.assistantFiles.add(request.user.id, assistantId, {
              fileId: uploaded.file_id,
              type: uploaded.type,
            });
          } catch (error) {
            await files.deleteFiles(request.user.id, [uploaded.file_id]).catch(() => undefined);
            throw error;
          }
        }
        return uploaded;
      }),
  );

  app.post(
    paths.filesImages,
    { preHandler: uploadGuard, schema: { response: { 200: fileUploadResponseSchema } } },
    async (request) =>
      withUpload(request, imageUpload, ({ fields, file }) =>
        files.uploadImage(request.user.id, fields, file),
      ),
  );

  app.post(
    paths.filesAvatar,
    { preHandler: uploadGuard, schema: { response: { 200: avatarUploadResponseSchema } } },
    async (request) =>
      withUpload(request, avatarUpload, ({ fields, file }) =>
        files.uploadAvatar(request.user.id, file, fields.manual === 'true'),
      ),
  );

  app.delete(
    paths.files,
    { preHandler: auth, schema: { body: fileDeleteBodySchema, response: { 200: fileDeleteResponseSchema } } },
    async (request) => {
      const fileIds = request.body.files.map((file) => file.file_id);
      const assistantId = request.body.assistant_id;
      if (assistantId && deps.assistantFiles) {
        await deps.assistantFiles.remove(request.user.id, assistantId, fileIds);
      }
      return files.deleteFiles(request.user.id, fileIds);
    },
  );

  app.get(
    paths.filesDownload,
    {
      // No automatic HEAD: it would read and stream the whole file only to drop the body.
      exposeHeadRoute: false,
      preHandler: auth,
      schema: { params: z.object({ userId: idParam, fileId: idParam }) },
    },
    async (request, reply) => {
      const content = await files.download(request.user.id, request.params.userId, request.params.fileId);
      return sendContent(reply, content, {
        'content-type': 'application/octet-stream',
        'content-disposition': contentDisposition('attachment', content.file.filename),
        'x-file-metadata': asciiJson(content.file),
        'cache-control': 'private, no-store',
      });
    },
  );

  // No bearer header: the signature in the link is the permission, so an <img> can load it.
  app.get(
    paths.filesContent,
    {
      exposeHeadRoute: false,
      schema: {
        params: z.object({ fileId: idParam }),
        querystring: z.object({
          exp: z.string().max(20).default(''),
          sig: z.string().max(200).default(''),
          inline: z.literal('1').optional(),
        }),
      },
    },
    async (request, reply) => {
      const content = await files.content(request.params.fileId, request.query.exp, request.query.sig);
      const { type, filename } = content.file;
      const inline = isImageType(type) || (type === PDF_TYPE && request.query.inline === '1');
      return sendContent(reply, content, {
        // Only images and PDFs asked for inline keep their type (the CSP's sandbox still holds, and
        // Chromium's viewer renders under it): anything else is bytes to save, never something to run.
        'content-type': inline ? type : 'application/octet-stream',
        'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', filename),
        'cache-control': CONTENT_CACHE,
      });
    },
  );
};
