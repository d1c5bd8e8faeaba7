import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import { putUserKeyBodySchema, userKeyExpirySchema } from '@parley/shared/schemas/user-key';
import { badRequest } from '../lib/errors';
import { authenticate } from '../plugins/authenticate';
import type { KeysService } from './service';

export interface KeysRoutesDeps {
  keys: KeysService;
  jwtSecret: string;
}

const nameSchema = putUserKeyBodySchema.shape.name;
/** The service answers a missing or blank value with `400 {"message":"value is required"}`. */
const putBodySchema = putUserKeyBodySchema.extend({ value: z.string().optional() });

export const keysRoutes: FastifyPluginAsyncZod<KeysRoutesDeps> = async (app, { keys, jwtSecret }) => {
  app.addHook('preHandler', authenticate(jwtSecret));

  app.put(paths.keys, { schema: { body: putBodySchema } }, async (request, reply) => {
    await keys.saveKey(request.user.id, request.body);
    return reply.status(201).send();
  });

  app.get(
    paths.keys,
    { schema: { querystring: z.object({ name: nameSchema }), response: { 200: userKeyExpirySchema } } },
    async (request) => keys.getExpiry(request.user.id, request.query.name),
  );

  app.delete(
    paths.keys,
    { schema: { querystring: z.object({ all: z.enum(['true', 'false']).optional() }) } },
    async (request, reply) => {
      if (request.query.all !== 'true') throw badRequest('Specify all=true to delete all keys');
      await keys.deleteAllKeys(request.user.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    paths.keyByName,
    { schema: { params: z.object({ name: nameSchema }) } },
    async (request, reply) => {
      await keys.deleteKey(request.user.id, request.params.name);
      return reply.status(204).send();
    },
  );
};
