import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import { searchEnabledSchema, searchQuerySchema, searchResultsSchema } from '@parley/shared/schemas/search';
import { authenticate } from '../plugins/authenticate';
import type { SearchService } from './service';

export interface SearchRoutesDeps {
  search: SearchService;
  jwtSecret: string;
}

/** `/api/search…` (API.md "Conversations, messages, search"); both routes need a signed-in user. */
export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesDeps> = async (app, deps) => {
  const { search } = deps;
  app.addHook('onRequest', authenticate(deps.jwtSecret));

  app.get(paths.searchEnable, { schema: { response: { 200: searchEnabledSchema } } }, async () =>
    search.isEnabled(),
  );

  app.get(
    paths.search,
    { schema: { querystring: searchQuerySchema, response: { 200: searchResultsSchema } } },
    async (request) => search.search(request.user.id, request.query),
  );
};
