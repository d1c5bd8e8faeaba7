import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import { pluginListSchema, userPluginsBodySchema } from '@parley/shared/schemas/plugin';
import { userSchema } from '@parley/shared/schemas/user';
import { authenticate } from '../plugins/authenticate';
import type { ToolsService } from './service';

export interface ToolsRoutesDeps {
  tools: ToolsService;
  jwtSecret: string;
}

/** `GET /api/plugins` and `POST /api/user/plugins` (API.md "Tools, plugins and MCP"). */
export const toolsRoutes: FastifyPluginAsyncZod<ToolsRoutesDeps> = async (app, { tools, jwtSecret }) => {
  app.addHook('preHandler', authenticate(jwtSecret));

  app.get(paths.plugins, { schema: { response: { 200: pluginListSchema } } }, async (request) =>
    tools.listPlugins(request.user.id),
  );

  app.post(
    paths.userPlugins,
    { schema: { body: userPluginsBodySchema, response: { 200: userSchema } } },
    async (request) => tools.updateUserPlugins(request.user.id, request.body),
  );
};
