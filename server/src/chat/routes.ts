import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatPaths } from '@parley/shared/api/chat-paths';
import { abortRequestSchema, chatRequestSchema } from '@parley/shared/schemas/chat-request';
import { AppError, badRequest } from '../lib/errors';
import { authenticate } from '../plugins/authenticate';
import type { ChatEngine } from './chat-engine';
import type { LogEntry } from '../coordination/generation-log';
import { connectionSignal, writeEventStream } from './sse-response';

export interface ChatRoutesDeps {
  engine: ChatEngine;
  jwtSecret: string;
  /** Keep-alive comment interval on open streams (default 15 s). */
  pingMs?: number;
}

const endpointParamsSchema = z.object({ endpoint: z.string().min(1) });
const resumeParamsSchema = z.object({ conversationId: z.string() });
const resumeHeadersSchema = z.object({ 'last-event-id': z.string().optional() });
/**
 * `?optional=true`: "is anything running here?" asked on opening a chat, where nothing running is the usual
 * answer: 204 instead of 404 (a browser logs every 404 as a red console error, issue 27).
 */
const resumeQuerySchema = z.object({ optional: z.enum(['true']).optional() });

/** A 429 tells the client when to retry. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const seconds = error instanceof AppError ? error.details?.retryAfterSeconds : undefined;
    if (error instanceof AppError && error.status === 429 && typeof seconds === 'number') {
      void reply.header('Retry-After', String(seconds));
    }
    throw error;
  }
}

function lastEventIdOf(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const seq = Number(header);
  if (!Number.isInteger(seq) || seq < 0) throw badRequest('Last-Event-ID must be a sequence number');
  return seq;
}

/** The response becomes a subscriber of the run; a closed connection ends only the subscription. */
async function stream(
  reply: FastifyReply,
  pingMs: number,
  signal: AbortSignal,
  entries: AsyncIterable<LogEntry>,
): Promise<void> {
  reply.hijack();
  await writeEventStream(reply.raw, entries, { pingMs, signal });
}

/** API.md "Chat": ask, edit and continue, abort, resume. */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesDeps> = async (app, deps) => {
  const { engine } = deps;
  const pingMs = deps.pingMs ?? 15_000;
  app.addHook('onRequest', authenticate(deps.jwtSecret));

  for (const path of [chatPaths.ask, chatPaths.edit]) {
    app.post(
      path,
      { schema: { params: endpointParamsSchema, body: chatRequestSchema } },
      async (request, reply) => {
        const input = {
          userId: request.user.id,
          ip: request.ip,
          routeEndpoint: request.params.endpoint,
          body: request.body,
        };
        const started = await withRetryAfter(reply, () => engine.start(input));
        const signal = connectionSignal(reply.raw);
        await stream(reply, pingMs, signal, engine.follow(started.generationId, signal));
      },
    );
  }

  for (const path of [chatPaths.askAbort, chatPaths.editAbort]) {
    app.post(
      path,
      { schema: { params: endpointParamsSchema, body: abortRequestSchema } },
      async (request, reply) => {
        const final = await engine.abort(request.user.id, request.body.abortKey);
        return reply.type('application/json; charset=utf-8').send(final);
      },
    );
  }

  app.get(
    chatPaths.resume,
    { schema: { params: resumeParamsSchema, headers: resumeHeadersSchema, querystring: resumeQuerySchema } },
    async (request, reply) => {
      const lastEventId = lastEventIdOf(request.headers['last-event-id']);
      const signal = connectionSignal(reply.raw);
      let entries: AsyncIterable<LogEntry>;
      try {
        entries = await engine.resume(request.user.id, request.params.conversationId, lastEventId, signal);
      } catch (error) {
        if (request.query.optional && error instanceof AppError && error.status === 404) {
          return reply.code(204).send();
        }
        throw error;
      }
      await stream(reply, pingMs, signal, entries);
    },
  );
};
