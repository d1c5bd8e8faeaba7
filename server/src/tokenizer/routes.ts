import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import { tokenizerBodySchema, tokenizerResponseSchema } from '@parley/shared/schemas/tokenizer';
import { authenticate } from '../plugins/authenticate';
import { countTokens } from './service';

export interface TokenizerRoutesDeps {
  jwtSecret: string;
}

/** `POST /api/tokenizer {arg: text}` → `{count}` (cl100k_base, as LibreChat counts without a model). */
export const tokenizerRoutes: FastifyPluginAsyncZod<TokenizerRoutesDeps> = async (app, { jwtSecret }) => {
  app.addHook('onRequest', authenticate(jwtSecret));
  app.post(
    paths.tokenizer,
    { schema: { body: tokenizerBodySchema, response: { 200: tokenizerResponseSchema } } },
    async (request) => {
      const { arg } = request.body;
      return { count: await countTokens(typeof arg === 'string' ? arg : arg.text) };
    },
  );
};
