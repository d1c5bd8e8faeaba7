// One streamed Messages API call: request, events → ProviderEvents, one `finish`, errors mapped once.
import type Anthropic from '@anthropic-ai/sdk';
import { IdleWatchdog } from '../shared/idle-watchdog';
import { ProviderError } from '../types';
import type { ChatRequest, ProviderEvent } from '../types';
import { AnthropicEventReader } from './anthropic-event-reader';
import { buildAnthropicBody } from './build-anthropic-body';
import { mapAnthropicError } from './map-anthropic-error';

function idleTimeoutError(ms: number): ProviderError {
  return new ProviderError('timeout', `Anthropic sent nothing for ${ms / 1000} s.`);
}

/**
 * Streams one message. An abort of `signal` ends the iteration quietly (no `finish`); every other
 * failure is thrown as a ProviderError after the events that arrived.
 */
export async function* streamAnthropicMessage(
  client: Anthropic,
  req: ChatRequest,
  signal: AbortSignal,
  idleTimeoutMs: number,
): AsyncGenerator<ProviderEvent> {
  if (signal.aborted) return;
  const body = buildAnthropicBody(req);
  const watchdog = new IdleWatchdog(signal, idleTimeoutMs);
  const reader = new AnthropicEventReader();
  try {
    const stream = await client.messages.create(body, { signal: watchdog.signal });
    for await (const event of stream) {
      watchdog.touch();
      yield* reader.read(event);
    }
  } catch (error) {
    if (signal.aborted) return;
    if (watchdog.timedOut) throw idleTimeoutError(idleTimeoutMs);
    throw mapAnthropicError(error);
  } finally {
    watchdog.dispose();
  }
  // The SDK ends an aborted stream without throwing.
  if (signal.aborted) return;
  if (watchdog.timedOut) throw idleTimeoutError(idleTimeoutMs);
  yield reader.end();
}
