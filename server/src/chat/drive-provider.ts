// Streams one reply from the provider into the run's state, with a silence watchdog.
import type { ChatErrorKind } from '@parley/shared/errors/chat-error-kinds';
import { ProviderError, type FinishReason, type Usage } from '../providers/types';
import type { Upstream } from './upstream';

export interface ReplyFinish {
  reason: FinishReason;
  rawReason?: string | undefined;
  usage?: Usage | undefined;
}

/** Why a run ended without its provider finishing. */
export interface RunFailure {
  kind: ChatErrorKind;
  message: string;
  cause?: unknown;
  /**
   * The provider stopped answering (dropped, went silent, ended without a finish, failed in a way worth
   * retrying): a reply cut off by it is saved as `PROVIDER_STOPPED`. Not set for a refusal (key, quota,
   * moderation) or for our own reply cap.
   */
  providerStopped?: boolean;
}

function assertNever(value: never): never {
  throw new Error(`unexpected provider event: ${JSON.stringify(value)}`);
}

export interface DriveOptions {
  /** The provider request, already sent. */
  upstream: Upstream;
  /** Fires on abort; the provider then ends quietly. */
  signal: AbortSignal;
  silenceMs: number;
  /** Longest reply text: past it the upstream is stopped and the run fails (the text so far is kept). */
  maxReplyChars: number;
  onDelta: (delta: string) => void;
  /** Continuation state the provider handed back for the next turn. */
  onState: (state: Record<string, unknown>) => void;
  /** A complete tool call the model made (absent: tool calls are ignored). */
  onToolCall?: (call: { id: string; name: string; arguments: string }) => void;
}

/**
 * Runs the provider's stream to its end. Returns its `finish`, or undefined when aborted; throws a
 * ProviderError for a failure, a silence longer than `silenceMs`, or a stream that stopped unfinished.
 */
export async function driveProvider(options: DriveOptions): Promise<ReplyFinish | undefined> {
  const silence = new AbortController();
  const signal = AbortSignal.any([options.signal, silence.signal]);
  let timer: NodeJS.Timeout | undefined;
  const rearm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => silence.abort(), options.silenceMs);
  };
  let finish: ReplyFinish | undefined;
  let replyChars = 0;
  const stopUpstream = () => options.upstream.abort();
  signal.addEventListener('abort', stopUpstream, { once: true });
  if (signal.aborted) stopUpstream();
  rearm();
  try {
    for await (const event of options.upstream.events) {
      // Events that arrived before an abort (e.g. during the turn's save) are not relayed after it.
      if (signal.aborted) break;
      rearm();
      switch (event.type) {
        case 'text-delta': {
          const room = options.maxReplyChars - replyChars;
          const delta = event.delta.length > room ? event.delta.slice(0, room) : event.delta;
          replyChars += delta.length;
          if (delta !== '') options.onDelta(delta);
          if (delta.length < event.delta.length) throw replyTooLong(options.maxReplyChars);
          break;
        }
        case 'finish':
          finish = { reason: event.reason, rawReason: event.rawReason, usage: event.usage };
          break;
        case 'provider-state':
          options.onState(event.state);
          break;
        case 'tool-call':
          options.onToolCall?.({ id: event.id, name: event.name, arguments: event.arguments });
          break;
        case 'tool-call-delta':
          break;
        default:
          assertNever(event);
      }
    }
  } catch (error) {
    // After an abort or a silence the provider may still throw; both are answered below.
    if (error instanceof ReplyTooLong) stopUpstream();
    if (!signal.aborted || error instanceof ReplyTooLong) throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stopUpstream);
  }
  if (options.signal.aborted) return undefined;
  if (silence.signal.aborted) {
    throw new ProviderError(
      'timeout',
      `The provider sent nothing for ${Math.round(options.silenceMs / 1000)} s.`,
    );
  }
  if (!finish) throw new ProviderError('upstream', 'The provider ended the reply before finishing it.');
  return finish;
}

class ReplyTooLong extends ProviderError {}

function replyTooLong(maxChars: number): ReplyTooLong {
  return new ReplyTooLong(
    'upstream',
    `The reply was cut at ${maxChars.toLocaleString('en-US')} characters, the longest this server keeps.`,
    { retryable: false },
  );
}

const KIND_OF: Record<ProviderError['kind'], ChatErrorKind> = {
  invalid_key: 'invalid_api_key',
  quota: 'insufficient_quota',
  rate_limit: 'upstream',
  context_length: 'context_length',
  moderation: 'moderation',
  model_not_found: 'upstream',
  bad_request: 'upstream',
  upstream: 'upstream',
  network: 'upstream',
  timeout: 'upstream',
};

const GENERIC_FAILURE = 'Something went wrong while generating the reply.';

/** Any failure of a run as the `error` event and the error reply word it. */
export function toRunFailure(error: unknown): RunFailure {
  if (error instanceof ProviderError) {
    const providerStopped = error.retryable || error.kind === 'timeout';
    return { kind: KIND_OF[error.kind], message: error.message, cause: error, providerStopped };
  }
  return { kind: 'upstream', message: GENERIC_FAILURE, cause: error };
}

/** The finish reason saved on the reply (SPEC §3 `finish_reason`). */
export function savedFinishReason(finish: ReplyFinish): string {
  switch (finish.reason) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool-calls':
      return 'tool_calls';
    case 'content-filter':
      return 'content_filter';
    case 'other':
      return finish.rawReason ?? 'other';
    default:
      return assertNever(finish.reason);
  }
}
