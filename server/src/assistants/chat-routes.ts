import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import {
  assistantsAbortRequestSchema,
  assistantsChatRequestSchema,
} from '@parley/shared/schemas/assistant-run';
import { connectionSignal, writeEventStream } from '../chat/sse-response';
import { AppError } from '../lib/errors';
import { authenticate } from '../plugins/authenticate';
import { startAssistantChat, type AssistantsChatDeps } from './chat';

export interface AssistantsChatRoutesDeps {
  chat: AssistantsChatDeps;
  jwtSecret: string;
  pingMs?: number;
}

/** `POST /api/assistants/chat` streams like chat; `POST /api/assistants/chat/abort` answers like its abort. */
export const assistantsChatRoutes: FastifyPluginAsyncZod<AssistantsChatRoutesDeps> = async (app, deps) => {
  const pingMs = deps.pingMs ?? 15_000;
  app.addHook('onRequest', authenticate(deps.jwtSecret));

  app.post(
    paths.assistantsChat,
    { schema: { body: assistantsChatRequestSchema } },
    async (request, reply) => {
      let started;
      try {
        started = await startAssistantChat(deps.chat, {
          userId: request.user.id,
          ip: request.ip,
          body: request.body,
        });
      } catch (error) {
        const seconds = error instanceof AppError ? error.details?.retryAfterSeconds : undefined;
        if (error instanceof AppError && error.status === 429 && typeof seconds === 'number') {
          void reply.header('Retry-After', String(seconds));
        }
        throw error;
      }
      const signal = connectionSignal(reply.raw);
      reply.hijack();
      await writeEventStream(reply.raw, deps.chat.engine.follow(started.generationId, signal), {
        pingMs,
        signal,
      });
    },
  );

  app.post(
    paths.assistantsChatAbort,
    { schema: { body: assistantsAbortRequestSchema } },
    async (request, reply) => {
      const final = await deps.chat.engine.abort(request.user.id, request.body.abortKey);
      return reply.type('application/json; charset=utf-8').send(final);
    },
  );
};
