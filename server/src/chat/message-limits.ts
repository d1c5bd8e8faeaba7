import type { Counters } from '../coordination/counters';
import { AppError } from '../lib/errors';
import type { ChatSettings, WindowLimit } from './chat-settings';

export interface LimitSubject {
  userId: string;
  ip: string;
}

const minutesOf = (ms: number) => Math.max(1, Math.round(ms / 60_000));

function messageLimitError(limit: WindowLimit, limiter: 'ip' | 'user', resetInMs: number): AppError {
  const minutes = minutesOf(limit.windowMs);
  return new AppError(
    429,
    `You can send up to ${limit.max} messages per ${minutes === 1 ? 'minute' : `${minutes} minutes`}.`,
    {
      code: 'message_limit',
      details: {
        max: limit.max,
        windowInMinutes: minutes,
        limiter,
        retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
      },
    },
  );
}

/** Counts one message per IP and per user (when enabled); over a limit → 429 `message_limit`. */
export async function countMessage(
  counters: Counters,
  settings: ChatSettings,
  subject: LimitSubject,
): Promise<void> {
  const { ip, user } = settings.limits;
  if (ip.enabled) {
    const state = await counters.increment(`chat:messages:ip:${subject.ip}`, 1, ip.windowMs);
    if (state.count > ip.max) throw messageLimitError(ip, 'ip', state.resetInMs);
  }
  if (user.enabled) {
    const state = await counters.increment(`chat:messages:user:${subject.userId}`, 1, user.windowMs);
    if (state.count > user.max) throw messageLimitError(user, 'user', state.resetInMs);
  }
}

/** Gives a pending slot back; never below zero. */
export type ReleaseSlot = () => Promise<void>;

const NOTHING_TO_RELEASE: ReleaseSlot = () => Promise.resolve();

/**
 * Takes one of the user's concurrent-message slots for the length of a run; when all are taken → 429
 * `concurrent`. A slot left behind by a crashed instance expires with the counter's window.
 */
export async function acquireMessageSlot(
  counters: Counters,
  settings: ChatSettings,
  userId: string,
): Promise<ReleaseSlot> {
  const { concurrent } = settings.limits;
  if (!concurrent.enabled) return NOTHING_TO_RELEASE;
  const key = `chat:pending:${userId}`;
  const release: ReleaseSlot = async () => {
    const state = await counters.increment(key, -1, concurrent.ttlMs);
    if (state.count <= 0) await counters.delete(key);
  };
  const state = await counters.increment(key, 1, concurrent.ttlMs);
  if (state.count <= concurrent.max) return release;
  await release();
  const plural = concurrent.max === 1 ? 'message' : 'messages';
  throw new AppError(
    429,
    `Only ${concurrent.max} ${plural} at a time. Please allow any other responses to complete before sending another message, or wait one minute.`,
    {
      code: 'concurrent',
      details: {
        limit: concurrent.max,
        pendingRequests: state.count - 1,
        retryAfterSeconds: Math.max(1, Math.ceil(state.resetInMs / 1000)),
      },
    },
  );
}
