// One Bing turn: conversation create (unless continuing), the ChatHub WebSocket with its handshake and
// pings, the `chat` invocation, the reply as deltas, the state for the next turn, then one `finish`.
// Errors are mapped once; an abort ends the iteration quietly and closes the socket at once.
import { countTokens } from '../../tokenizer/service';
import { IdleWatchdog } from '../shared/idle-watchdog';
import { ProviderError } from '../types';
import type { ChatRequest, ProviderEvent } from '../types';
import { bingEndpoints, hubUrlFor } from './bing-endpoints';
import { BingReplyReader } from './bing-reply-reader';
import type { BingOutcome } from './bing-reply-reader';
import { nextJailbreakState, nextSessionState } from './bing-session';
import type { BingSession } from './bing-session';
import { buildBingInvocation } from './build-bing-invocation';
import { createBingConversation } from './create-bing-conversation';
import { HubSocket } from './hub-socket';
import { mapBingError } from './map-bing-error';
import { planBingTurn } from './plan-bing-turn';
import type { BingTurnPlan } from './plan-bing-turn';

export interface BingStreamSettings {
  idleTimeoutMs: number;
  pingIntervalMs: number;
  imageCreation: boolean;
}

/** Counted with cl100k, the estimate for models without a tokenizer of their own. */
const TOKEN_MODEL = 'gpt-4';

function idleTimeoutError(ms: number): ProviderError {
  return new ProviderError('timeout', `Bing sent nothing for ${ms / 1000} s.`);
}

function stateFor(plan: BingTurnPlan, session: BingSession, outcome: BingOutcome): Record<string, unknown> {
  return plan.jailbreakConversationId === undefined
    ? nextSessionState(session, outcome.result)
    : nextJailbreakState(plan.jailbreakConversationId, outcome.result);
}

async function* readReply(
  hub: HubSocket,
  reader: BingReplyReader,
  watchdog: IdleWatchdog,
): AsyncGenerator<ProviderEvent, BingOutcome> {
  for (;;) {
    const record = await hub.next(watchdog.signal);
    watchdog.touch();
    const step = reader.read(record);
    yield* step.events;
    if (step.outcome) return step.outcome;
  }
}

export async function* streamBingChat(
  req: ChatRequest,
  signal: AbortSignal,
  settings: BingStreamSettings,
): AsyncGenerator<ProviderEvent> {
  if (signal.aborted) return;
  const plan = planBingTurn(req);
  const endpoints = bingEndpoints(req.credentials.baseURL);
  const watchdog = new IdleWatchdog(signal, settings.idleTimeoutMs);
  const reader = new BingReplyReader();
  let hub: HubSocket | undefined;
  let session: BingSession | undefined;
  let outcome: BingOutcome | undefined;
  try {
    session =
      plan.continuation ??
      (await createBingConversation(endpoints.createUrl, req.credentials.cookies, watchdog.signal));
    watchdog.touch();
    hub = await HubSocket.connect(
      hubUrlFor(endpoints.hubUrl, session.encryptedConversationSignature),
      watchdog.signal,
    );
    await hub.handshake(watchdog.signal);
    hub.startPings(settings.pingIntervalMs);
    hub.send({ type: 6 });
    hub.send(buildBingInvocation(plan, session, { imageCreation: settings.imageCreation }));
    outcome = yield* readReply(hub, reader, watchdog);
  } catch (error) {
    if (signal.aborted) return;
    if (watchdog.timedOut) throw idleTimeoutError(settings.idleTimeoutMs);
    throw mapBingError(error);
  } finally {
    watchdog.dispose();
    hub?.close(outcome !== undefined);
  }
  if (signal.aborted) return;
  yield { type: 'provider-state', state: stateFor(plan, session, outcome) };
  const [inputTokens, outputTokens] = await Promise.all([
    countTokens(plan.promptText, TOKEN_MODEL),
    countTokens(reader.text, TOKEN_MODEL),
  ]);
  yield {
    type: 'finish',
    reason: outcome.reason,
    rawReason: outcome.rawReason,
    usage: { inputTokens, outputTokens },
  };
}
