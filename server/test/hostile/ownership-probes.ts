import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { paths } from '@parley/shared/api/paths';
import { ask, type EventReader } from '../chat-harness';
import type { TestUser } from '../test-users';
import type { OwnershipContext } from './ownership-cases';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function call(
  app: FastifyInstance,
  user: TestUser,
  method: Method,
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

export function expectNotFound(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(404);
  // The route's own 404, not the router's "no such route" one (which would make the case vacuous).
  expect(response.json<{ message: string }>().message).not.toMatch(/^Not found: |^$/);
}

/** A's view of A's rows, to show that nothing B did changed them. */
async function aSees(ctx: OwnershipContext) {
  const { app } = ctx.server;
  const { a, aRows } = ctx;
  const conversation = await call(app, a, 'GET', `/api/convos/${aRows.conversationId}`);
  const messages = await call(app, a, 'GET', `/api/messages/${aRows.conversationId}`);
  const key = await call(app, a, 'GET', `${paths.keys}?name=${aRows.keyName}`);
  const presets = await call(app, a, 'GET', paths.presets);
  return {
    conversation: conversation.json<{ title: string }>(),
    messages: messages.json<Array<{ messageId: string; text: string }>>(),
    keyExpiresAt: key.json<{ expiresAt: string | null }>().expiresAt,
    presets: presets.json<Array<{ presetId: string; title: string }>>(),
  };
}

/** A's rows are exactly as seeded. */
export async function expectAUntouched(ctx: OwnershipContext): Promise<void> {
  const seen = await aSees(ctx);
  const { marker, messageId, presetId, keyExpiresAt } = ctx.aRows;
  expect(seen.conversation.title).toContain(marker);
  expect(seen.messages).toEqual([expect.objectContaining({ messageId, text: `hello ${marker}` })]);
  expect(seen.keyExpiresAt).toBe(keyExpiresAt);
  expect(seen.presets).toEqual([expect.objectContaining({ presetId, title: `Preset ${marker}` })]);
}

/** Runs `during` while A's reply streams slowly, then checks that A's reply ended whole. */
export async function whileAGenerates(
  ctx: OwnershipContext,
  during: (conversationId: string) => Promise<void>,
): Promise<void> {
  const words = Array.from({ length: 12 }, (_, i) => `w${i} `);
  ctx.fake.script({ replies: [{ chunks: words, delayMs: 30 }] });
  const reader: EventReader = await ask(ctx.server, ctx.a, { text: 'count slowly' });
  await reader.waitFor((event) => event.data.type === 'text');
  const created = reader.events[0]?.data;
  if (created?.type !== 'created') throw new Error('no created event');
  await during(created.conversationId);
  await reader.done;
  expect(reader.final().responseMessage).toMatchObject({ text: words.join(''), unfinished: false });
}
