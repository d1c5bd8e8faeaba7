import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import { toMegabytes } from '@parley/shared/files/file-config';
import {
  assistantCreateBodySchema,
  assistantDeletedSchema,
  assistantDocumentListSchema,
  assistantListQuerySchema,
  assistantListSchema,
  assistantModelQuerySchema,
  assistantSchema,
  assistantUpdateBodySchema,
} from '@parley/shared/schemas/assistant';
import { pluginListSchema } from '@parley/shared/schemas/plugin';
import type { Counters } from '../coordination/counters';
import { withUpload, type ReadUploadOptions } from '../files/read-upload';
import { limitUploads, type UploadLimits } from '../files/upload-limits';
import { AppError } from '../lib/errors';
import { authenticate } from '../plugins/authenticate';
import type { AssistantsService } from './service';

export interface AssistantsRoutesDeps {
  assistants: AssistantsService;
  jwtSecret: string;
  counters: Counters;
  uploadLimits: UploadLimits;
  avatarSizeLimit: number;
  spoolDirectory: string;
}

const idParams = z.object({ id: z.string().min(1).max(256) });
const avatarParams = z.object({ assistant_id: z.string().min(1).max(256) });

/** `/api/assistants…` (SPEC §7 "Assistants"): the caller's assistants, their tools, documents and avatars. */
export const assistantsRoutes: FastifyPluginAsyncZod<AssistantsRoutesDeps> = async (app, deps) => {
  const { assistants } = deps;
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  const auth = authenticate(deps.jwtSecret);
  app.addHook('onRequest', auth);
  const avatarUpload: ReadUploadOptions = {
    fileField: 'file',
    fileSizeLimit: deps.avatarSizeLimit,
    tooLarge: () =>
      new AppError(
        400,
        `The avatar is too large: it may be at most ${toMegabytes(deps.avatarSizeLimit)} MB.`,
      ),
    spoolDirectory: deps.spoolDirectory,
  };

  app.get(
    paths.assistants,
    { schema: { querystring: assistantListQuerySchema, response: { 200: assistantListSchema } } },
    async (request) => assistants.list(request.user.id, request.query),
  );

  app.post(
    paths.assistants,
    { schema: { body: assistantCreateBodySchema, response: { 201: assistantSchema } } },
    async (request, reply) => reply.status(201).send(await assistants.create(request.user.id, request.body)),
  );

  app.get(paths.assistantsTools, { schema: { response: { 200: pluginListSchema } } }, async (request) =>
    assistants.tools(request.user.id),
  );

  app.get(
    paths.assistantsDocuments,
    { schema: { response: { 200: assistantDocumentListSchema } } },
    async (request) => assistants.documents(request.user.id),
  );

  app.post(
    paths.assistantAvatar,
    {
      preHandler: limitUploads(deps.counters, deps.uploadLimits),
      schema: {
        params: avatarParams,
        querystring: assistantModelQuerySchema,
        response: { 201: assistantSchema },
      },
    },
    async (request, reply) => {
      const assistant = await withUpload(request, avatarUpload, ({ file }) =>
        assistants.setAvatar(request.user.id, request.params.assistant_id, file),
      );
      return reply.status(201).send(assistant);
    },
  );

  app.get(
    paths.assistant,
    { schema: { params: idParams, response: { 200: assistantSchema } } },
    async (request) => assistants.get(request.user.id, request.params.id),
  );

  app.patch(
    paths.assistant,
    { schema: { params: idParams, body: assistantUpdateBodySchema, response: { 200: assistantSchema } } },
    async (request) => assistants.update(request.user.id, request.params.id, request.body),
  );

  app.delete(
    paths.assistant,
    {
      schema: {
        params: idParams,
        querystring: assistantModelQuerySchema,
        response: { 200: assistantDeletedSchema },
      },
    },
    async (request) => assistants.remove(request.user.id, request.params.id),
  );
};
