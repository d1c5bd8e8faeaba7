import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createParser } from 'eventsource-parser';
import { expect } from 'vitest';
import type { FakeOpenAI } from '@parley/fakes/openai-server';
import { chatEventSchema, type ChatEvent } from '@parley/shared/stream/events';
import type { Env } from '../src/config/env';
import type { Database, Db } from '../src/db/client';
import { messages } from '../src/db/schema';
import type { Coordination } from '../src/coordination/coordination';
import type { ManifestEntry } from '../src/tools/manifest/manifest-entry';
import type { Logger } from '../src/lib/logger';
import { buildAppOn, type AppOnDatabase } from './app-on-database';
import type { SandboxPool } from '../src/sandbox';
import { createTestUser, type TestUser } from './test-users';

export const CHAT_MODEL = 'gpt-4o-mini';

/** An app whose openAI endpoint is the fake; limits and titles off unless the test turns them on. */
export function chatEnv(fake: FakeOpenAI, env: Env = {}): Env {
  return {
    OPENAI_API_KEY: 'sk-test',
    OPENAI_REVERSE_PROXY: fake.baseURL,
    OPENAI_MODELS: 'gpt-4o-mini,gpt-4o,gpt-4',
    LIMIT_CONCURRENT_MESSAGES: 'false',
    LIMIT_MESSAGE_IP: 'false',
    LIMIT_MESSAGE_USER: 'false',
    TITLE_CONVO: 'false',
    ...env,
  };
}

export interface ChatServer extends AppOnDatabase {
  /** `http://127.0.0.1:PORT` of the listening app. */
  url: string;
  close(): Promise<void>;
}

/** The app listening on a free port (streams need a real socket: disconnects, partial reads). */
export async function startChatServer(
  database: Database,
  env: Env,
  coordination?: Coordination,
  deps: {
    toolManifest?: readonly ManifestEntry[];
    sandbox?: SandboxPool;
    now?: () => Date;
    /** Where the server logs (silent by default): a test that waits for what the server logged. */
    logger?: Logger;
  } = {},
): Promise<ChatServer> {
  const built = await buildAppOn(database, { env, ...deps, ...(coordination ? { coordination } : {}) });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  return { ...built, url: `http://127.0.0.1:${port}`, close: () => built.app.close() };
}

/** A user without a password (hashing one costs ~0.3 s a test). */
export const chatUser = (server: ChatServer): Promise<TestUser> => createTestUser(server, { password: null });

export interface SseEvent {
  id: number;
  event: string;
  data: ChatEvent;
}

/** A chat request's or resume's response, read event by event. */
export class EventReader {
  readonly events: SseEvent[] = [];
  private readonly waiters = new Set<() => void>();
  readonly done: Promise<void>;
  pings = 0;
  /**
   * What cut the body short, when something did: the test's own abort, a reset connection, or an event the
   * parser or its schema refused (every later event is then missing). Undefined when the body ended normally.
   */
  streamError: unknown;

  constructor(readonly response: Response) {
    const parser = createParser({
      onEvent: (message) => {
        const data = chatEventSchema.parse(JSON.parse(message.data));
        this.events.push({ id: Number(message.id), event: message.event ?? 'message', data });
        for (const wake of this.waiters) wake();
      },
      onComment: () => {
        this.pings += 1;
      },
    });
    this.done = this.pump(parser.feed.bind(parser));
  }

  private async pump(feed: (chunk: string) => void): Promise<void> {
    const body = this.response.body;
    if (!body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) feed(decoder.decode(chunk, { stream: true }));
    } catch (error) {
      // The test aborted the request, or the stream broke: kept, so a missing event can be explained.
      this.streamError = error;
    } finally {
      for (const wake of this.waiters) wake();
    }
  }

  /** Resolves once an event matches (or the stream ends, then rejects). */
  async waitFor(match: (event: SseEvent) => boolean, timeoutMs = 30_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    let ended = false;
    void this.done.then(() => (ended = true));
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (ended || Date.now() > deadline) throw new Error(`event not seen; got ${this.types().join(',')}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, 50);
      });
    }
  }

  /** `; cut by <error>` when the body ended early, for failure messages. */
  cutBy(): string {
    if (this.streamError === undefined) return '';
    const error = this.streamError;
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `; cut by ${error instanceof Error ? error.message : String(error)}${cause}`;
  }

  types(): string[] {
    return this.events.map((e) => e.event);
  }

  /** Concatenates the `text` deltas after checking each starts where the previous ended. */
  text(initial = ''): string {
    let text = initial;
    for (const { data } of this.events) {
      if (data.type !== 'text') continue;
      if (data.offset !== text.length)
        throw new Error(`offset ${data.offset} but ${text.length} chars so far`);
      text += data.text;
    }
    return text;
  }

  final(): Extract<ChatEvent, { type: 'final' }> {
    const last = this.events.at(-1)?.data;
    if (last?.type !== 'final')
      throw new Error(`the stream did not end with final: ${this.types().join(',')}${this.cutBy()}`);
    return last;
  }
}

export interface ChatCall {
  status: number;
  reader: EventReader;
  json: () => Promise<unknown>;
}

export async function postJson(
  server: ChatServer,
  path: string,
  user: TestUser,
  body: unknown,
  init: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.headers, ...init.headers },
    body: JSON.stringify(body),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

/** POSTs a chat request; a 200 is read as an event stream. */
export async function ask(
  server: ChatServer,
  user: TestUser,
  body: Record<string, unknown>,
  options: { path?: string; signal?: AbortSignal } = {},
): Promise<EventReader> {
  const response = await postJson(
    server,
    options.path ?? '/api/ask/openAI',
    user,
    { endpoint: 'openAI', model: CHAT_MODEL, conversationId: null, ...body },
    options.signal ? { signal: options.signal } : {},
  );
  if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  return new EventReader(response);
}

export async function askToEnd(
  server: ChatServer,
  user: TestUser,
  body: Record<string, unknown>,
  options: { path?: string } = {},
): Promise<EventReader> {
  const reader = await ask(server, user, body, options);
  await reader.done;
  return reader;
}

/** The text messages the fake received in its chat completion requests, in order. */
export function completionBodies(fake: FakeOpenAI): Array<Record<string, unknown>> {
  return fake.requests
    .filter((request) => request.path.endsWith('/chat/completions'))
    .map((request) => request.body as Record<string, unknown>);
}

/**
 * What a failure message needs to name its cause: the fake's chat requests, a line each (index, model, the start
 * of the last message), then what the server warned of.
 */
export function failureContext(fake: FakeOpenAI, warnings: { lines: readonly string[] }): string {
  const asked = completionBodies(fake).map((body, index) => {
    const last = (body.messages as Array<{ content?: unknown }> | undefined)?.at(-1)?.content;
    return `${index}: ${String(body.model)} ${JSON.stringify(last).slice(0, 40)}`;
  });
  return [...asked, ...warnings.lines.map((line) => line.slice(0, 600))].join('\n');
}

/**
 * Expects the turn's reply stored whole as scripted: `words` words starting with `first`, finished, not an error.
 * On failure it names the stream's events, the stored text and `context` (what the fake was asked, warnings).
 */
export async function expectStoredReply(
  db: Db,
  { reader, final }: { reader: EventReader; final: Extract<ChatEvent, { type: 'final' }> },
  expected: { first: string; words: number },
  context: string,
): Promise<void> {
  const [stored] = await db
    .select()
    .from(messages)
    .where(eq(messages.messageId, final.responseMessage.messageId));
  const words = stored?.text.split(' ') ?? [];
  const why = `${context}\nevents: ${[...new Set(reader.types())].join(',')}\nstored: ${stored?.text.slice(0, 200)}`;
  expect(
    stored && {
      first: words[0],
      words: words.length,
      error: !!stored.error,
      unfinished: !!stored.unfinished,
    },
    why,
  ).toEqual({ ...expected, error: false, unfinished: false });
}
