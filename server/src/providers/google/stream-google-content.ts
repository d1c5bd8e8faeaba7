// One streamed generateContent call: request, chunks → ProviderEvents, one `finish`, errors mapped once.
import type { GoogleGenAI } from '@google/genai';
import { IdleWatchdog } from '../shared/idle-watchdog';
import { ProviderError } from '../types';
import type { ChatRequest, ProviderEvent } from '../types';
import { buildGoogleRequest } from './build-google-request';
import { GoogleChunkReader } from './google-chunk-reader';
import { mapGoogleError } from './map-google-error';

function idleTimeoutError(ms: number): ProviderError {
  return new ProviderError('timeout', `Google sent nothing for ${ms / 1000} s.`);
}

/**
 * Streams one reply. An abort of `signal` ends the iteration quietly (no `finish`); every other
 * failure is thrown as a ProviderError after the events that arrived.
 */
export async function* streamGoogleContent(
  client: GoogleGenAI,
  req: ChatRequest,
  signal: AbortSignal,
  idleTimeoutMs: number,
): AsyncGenerator<ProviderEvent> {
  if (signal.aborted) return;
  const watchdog = new IdleWatchdog(signal, idleTimeoutMs);
  const reader = new GoogleChunkReader();
  try {
    const stream = await client.models.generateContentStream(buildGoogleRequest(req, watchdog.signal));
    for await (const chunk of stream) {
      watchdog.touch();
      yield* reader.read(chunk);
    }
  } catch (error) {
    if (signal.aborted) return;
    if (watchdog.timedOut) throw idleTimeoutError(idleTimeoutMs);
    throw mapGoogleError(error);
  } finally {
    watchdog.dispose();
  }
  if (signal.aborted) return;
  if (watchdog.timedOut) throw idleTimeoutError(idleTimeoutMs);
  yield reader.end();
}
