import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import { startupConfigSchema } from '@parley/shared/schemas/startup-config';
import type { AppConfig } from './app-config';
import { buildStartupConfig } from './startup-config';

export interface ConfigRoutesDeps {
  config: AppConfig;
  now: () => Date;
}

export const configRoutes: FastifyPluginAsyncZod<ConfigRoutesDeps> = async (app, { config, now }) => {
  app.get(paths.config, { schema: { response: { 200: startupConfigSchema } } }, async () =>
    buildStartupConfig(config, now()),
  );
};
