// One ChatGPT web turn: POST the message, read the whole-message SSE answer as deltas, hand back the
// upstream ids, then one `finish`. Errors are mapped once; an abort ends the iteration quietly.
import { fetchSendingAgainOnReset } from '../../net/stale-connection-retry';
import { countTokens } from '../../tokenizer/service';
import { IdleWatchdog } from '../shared/idle-watchdog';
import { limitLineLength } from '../shared/line-limit';
import { ProviderError } from '../types';
import type { ChatRequest, ProviderEvent } from '../types';
import { buildConversationRequest } from './build-conversation-request';
import type { ConversationRequest } from './build-conversation-request';
import { nextTurnState } from './chatgpt-browser-state';
import { ConversationReader } from './conversation-reader';
import { chatGPTHttpError, mapChatGPTBrowserError } from './map-chatgpt-browser-error';
import { readSseData } from './read-sse-data';

function idleTimeoutError(ms: number): ProviderError {
  return new ProviderError('timeout', `ChatGPT sent nothing for ${ms / 1000} s.`);
}

async function post(request: ConversationRequest, signal: AbortSignal): Promise<AsyncIterable<Uint8Array>> {
  const response = await fetchSendingAgainOnReset(request.url, {
    method: 'POST',
    headers: request.headers,
    body: JSON.stringify(request.body),
    signal,
  });
  if (!response.ok) throw chatGPTHttpError(response.status, await response.text());
  if (!response.body) throw new ProviderError('upstream', 'ChatGPT answered without a body.');
  return limitLineLength(response.body);
}

/** Reads events until `[DONE]`; a stream that ends before it without a finished message broke off. */
async function* readAnswer(
  body: AsyncIterable<Uint8Array>,
  reader: ConversationReader,
  watchdog: IdleWatchdog,
): AsyncGenerator<ProviderEvent> {
  for await (const data of readSseData(body)) {
    watchdog.touch();
    if (data === '[DONE]') return;
    yield* reader.read(data);
  }
  if (!reader.finished) throw new ProviderError('network', 'The ChatGPT answer ended before [DONE].');
}

export async function* streamChatGPTConversation(
  req: ChatRequest,
  signal: AbortSignal,
  idleTimeoutMs: number,
): AsyncGenerator<ProviderEvent> {
  if (signal.aborted) return;
  const request = buildConversationRequest(req);
  const watchdog = new IdleWatchdog(signal, idleTimeoutMs);
  const reader = new ConversationReader();
  try {
    const body = await post(request, watchdog.signal);
    yield* readAnswer(body, reader, watchdog);
  } catch (error) {
    if (signal.aborted) return;
    if (watchdog.timedOut) throw idleTimeoutError(idleTimeoutMs);
    throw mapChatGPTBrowserError(error);
  } finally {
    watchdog.dispose();
  }
  if (signal.aborted) return;
  const ids = reader.ids;
  if (ids) {
    const userMessageId = request.body.messages[0]?.id ?? '';
    yield { type: 'provider-state', state: nextTurnState({ ...ids, userMessageId }) };
  }
  const [inputTokens, outputTokens] = await Promise.all([
    countTokens(request.text, request.body.model),
    countTokens(reader.text, request.body.model),
  ]);
  yield reader.finish({ inputTokens, outputTokens });
}
