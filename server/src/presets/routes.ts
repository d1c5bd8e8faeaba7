import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import {
  presetDeleteBodySchema,
  presetDeleteResponseSchema,
  presetListSchema,
  presetSaveBodySchema,
  presetSchema,
} from '@parley/shared/schemas/preset';
import { authenticate } from '../plugins/authenticate';
import { deletePresets, listPresets, savePreset, type Db } from './service';

export interface PresetRoutesDeps {
  db: Db;
  jwtSecret: string;
}

/** `/api/presets…` (API.md "Presets and keys"): every query is scoped to the caller. */
export const presetRoutes: FastifyPluginAsyncZod<PresetRoutesDeps> = async (app, deps) => {
  const { db } = deps;
  app.addHook('onRequest', authenticate(deps.jwtSecret));

  app.get(paths.presets, { schema: { response: { 200: presetListSchema } } }, async (request) =>
    listPresets(db, request.user.id),
  );

  app.post(
    paths.presets,
    { schema: { body: presetSaveBodySchema, response: { 200: presetSchema } } },
    async (request) => savePreset(db, request.user.id, request.body),
  );

  app.post(
    paths.presetsDelete,
    { schema: { body: presetDeleteBodySchema, response: { 200: presetDeleteResponseSchema } } },
    async (request) => deletePresets(db, request.user.id, request.body.presetId),
  );
};
