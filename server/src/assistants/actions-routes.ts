import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import { actionListSchema, actionSaveBodySchema } from '@parley/shared/schemas/action';
import { authenticate } from '../plugins/authenticate';
import type { ActionsService } from './actions';

export interface ActionsRoutesDeps {
  actions: ActionsService;
  jwtSecret: string;
}

const id = z.string().min(1).max(256);

/** `/api/assistants/actions…`: the caller's actions only, secrets never returned. */
export const actionsRoutes: FastifyPluginAsyncZod<ActionsRoutesDeps> = async (app, deps) => {
  const { actions } = deps;
  app.addHook('onRequest', authenticate(deps.jwtSecret));

  app.get(paths.assistantsActions, { schema: { response: { 200: actionListSchema } } }, async (request) =>
    actions.list(request.user.id),
  );

  app.post(
    paths.assistantActions,
    { schema: { params: z.object({ assistant_id: id }), body: actionSaveBodySchema } },
    async (request) => actions.save(request.user.id, request.params.assistant_id, request.body),
  );

  app.delete(
    paths.assistantAction,
    { schema: { params: z.object({ assistant_id: id, action_id: id, model: z.string().max(256) }) } },
    async (request) => actions.remove(request.user.id, request.params.assistant_id, request.params.action_id),
  );
};
