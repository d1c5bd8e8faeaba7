// One streamed Chat Completions call (a text Completions call for a `forcePrompt` endpoint): request, chunks → events, one `finish`, errors mapped once.
import type OpenAI from 'openai';
import { IdleWatchdog } from '../shared/idle-watchdog';
import { mapOpenAIError } from '../shared/map-openai-error';
import { ProviderError } from '../types';
import type { ChatRequest, ProviderEvent } from '../types';
import { buildChatBody } from './build-chat-body';
import { ChunkReader } from './chunk-reader';
import { buildPromptBody, PromptChunkReader } from './prompt-completion';

export interface StreamTimeouts {
  /** Longest wait for the response headers (the SDK's `timeout`). */
  requestTimeoutMs: number;
  /** Longest silence between stream chunks before the call fails with `timeout`. */
  idleTimeoutMs: number;
}

export const DEFAULT_STREAM_TIMEOUTS: StreamTimeouts = { requestTimeoutMs: 120_000, idleTimeoutMs: 300_000 };

const NO_CHUNKS = 'The provider answered without a completion stream. Check its base URL.';

function idleTimeoutError(ms: number): ProviderError {
  return new ProviderError('timeout', `The provider sent nothing for ${ms / 1000} s.`);
}

/**
 * Streams one completion. An abort of `signal` ends the iteration quietly (no `finish`); every
 * other failure is thrown as a ProviderError after the events that arrived.
 */
export async function* streamChatCompletion(
  client: OpenAI,
  req: ChatRequest,
  signal: AbortSignal,
  timeouts: StreamTimeouts,
): AsyncGenerator<ProviderEvent> {
  if (signal.aborted) return;
  const watchdog = new IdleWatchdog(signal, timeouts.idleTimeoutMs);
  let chunks = 0;
  let opened: OpenedStream | undefined;
  try {
    opened = await openStream(client, req, watchdog.signal);
    for await (const events of opened.events) {
      watchdog.touch();
      chunks += 1;
      yield* events;
    }
  } catch (error) {
    if (signal.aborted) return;
    if (watchdog.timedOut) throw idleTimeoutError(timeouts.idleTimeoutMs);
    throw mapOpenAIError(error);
  } finally {
    watchdog.dispose();
  }
  // The SDK ends an aborted stream without throwing.
  if (signal.aborted) return;
  if (watchdog.timedOut) throw idleTimeoutError(timeouts.idleTimeoutMs);
  // A 200 that held no chunk at all (an HTML page, a bare `[DONE]`) is no empty reply but a broken answer.
  if (chunks === 0 || !opened) throw new ProviderError('upstream', NO_CHUNKS);
  yield* opened.end();
}

/** The events of each chunk as it arrives, and those of the end (assembled tool calls, the `finish`). */
interface OpenedStream {
  events: AsyncIterable<ProviderEvent[]>;
  end(): ProviderEvent[];
}

async function* eventsOf<C>(stream: AsyncIterable<C>, read: (chunk: C) => ProviderEvent[]) {
  for await (const chunk of stream) yield read(chunk);
}

/** Chat Completions, or the legacy Completions API with one prompt for a `forcePrompt` endpoint. */
async function openStream(client: OpenAI, req: ChatRequest, signal: AbortSignal): Promise<OpenedStream> {
  if (req.forcePrompt) {
    const reader = new PromptChunkReader();
    const stream = await client.completions.create(buildPromptBody(req), { signal });
    return { events: eventsOf(stream, (chunk) => reader.read(chunk)), end: () => reader.end() };
  }
  const reader = new ChunkReader();
  const stream = await client.chat.completions.create(buildChatBody(req), { signal });
  return { events: eventsOf(stream, (chunk) => reader.read(chunk)), end: () => reader.end() };
}
