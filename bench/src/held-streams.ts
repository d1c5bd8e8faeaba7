import type { FakeOpenAI } from '@parley/fakes/openai-server';
import type { BenchServer, BenchUser } from './bench-server';
import { newChatBody, timeAsk, type StreamTiming } from './sse-timing';

export interface HeldStreams {
  count: number;
  /** Streams that ended (error, dropped) before they were released. */
  endedEarly(): number;
  /** Stops every run with `POST /api/ask/openAI/abort` and waits for each stream's `final`. */
  release(): Promise<{ completed: number; failed: number }>;
}

export interface HoldOptions {
  /** Streams opened at once while ramping up. */
  batch?: number;
  onProgress?: (open: number) => void;
}

const RELEASE_BATCH = 50;

interface Held {
  conversationId: string;
  ended: Promise<StreamTiming>;
  done: boolean;
}

/** One new chat, resolved once its first delta arrived. */
async function openOne(server: BenchServer, user: BenchUser): Promise<Held> {
  let conversationId = '';
  let firstDelta = () => {};
  const started = new Promise<void>((resolve) => (firstDelta = resolve));
  const ended = timeAsk(server.url, user.headers, newChatBody(), {
    onCreated: (id) => (conversationId = id),
    onFirstDelta: () => firstDelta(),
  });
  const held: Held = { conversationId, ended, done: false };
  void ended.finally(() => (held.done = true)).catch(() => undefined);
  const endedFirst = ended.then((timing) => {
    throw new Error(`a held stream ended before its first delta (status ${timing.status})`);
  });
  await Promise.race([started, endedFirst]);
  held.conversationId = conversationId;
  return held;
}

/**
 * Opens `count` chat streams (new conversations) whose replies stall after their first delta, the upstream
 * connection open, until released.
 */
export async function holdStreams(
  server: BenchServer,
  user: BenchUser,
  fake: FakeOpenAI,
  count: number,
  options: HoldOptions = {},
): Promise<HeldStreams> {
  const reply = { chunks: ['held ', 'never sent'], stallAfterChunks: 1 };
  fake.script({ replies: Array.from({ length: count }, () => reply) });
  const held: Held[] = [];
  const batch = options.batch ?? 50;
  while (held.length < count) {
    const size = Math.min(batch, count - held.length);
    held.push(...(await Promise.all(Array.from({ length: size }, () => openOne(server, user)))));
    options.onProgress?.(held.length);
  }
  return {
    count,
    endedEarly: () => held.filter((h) => h.done).length,
    release: async () => {
      for (let i = 0; i < held.length; i += RELEASE_BATCH) {
        await Promise.all(
          held.slice(i, i + RELEASE_BATCH).map((h) => abortRun(server, user, h.conversationId)),
        );
      }
      const timings = await Promise.all(held.map((h) => h.ended));
      const completed = timings.filter((t) => t.completed).length;
      return { completed, failed: timings.length - completed };
    },
  };
}

async function abortRun(server: BenchServer, user: BenchUser, conversationId: string): Promise<void> {
  const response = await fetch(`${server.url}/api/ask/openAI/abort`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.headers },
    body: JSON.stringify({ abortKey: conversationId, endpoint: 'openAI' }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`abort answered ${response.status}`);
}
