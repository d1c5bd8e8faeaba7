import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import {
  endpointsConfigSchema,
  endpointsOverrideSchema,
  modelsConfigSchema,
} from '@parley/shared/schemas/endpoints';
import { authenticate } from '../plugins/authenticate';
import type { EndpointsService } from './service';

export interface EndpointsRoutesDeps {
  endpoints: EndpointsService;
  jwtSecret: string;
}

export const endpointsRoutes: FastifyPluginAsyncZod<EndpointsRoutesDeps> = async (
  app,
  { endpoints, jwtSecret },
) => {
  for (const problem of endpoints.problems) app.log.warn(`endpoint configuration: ${problem}`);

  app.get(paths.endpoints, { schema: { response: { 200: endpointsConfigSchema } } }, () =>
    endpoints.getEndpointsConfig(),
  );

  app.get(paths.endpointsOverride, { schema: { response: { 200: endpointsOverrideSchema } } }, () =>
    Promise.resolve(false as const),
  );

  app.get(
    paths.models,
    { schema: { response: { 200: modelsConfigSchema } }, preHandler: authenticate(jwtSecret) },
    (request) => endpoints.getModels(request.user.id),
  );
};
