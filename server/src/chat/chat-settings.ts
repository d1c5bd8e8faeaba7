import type { ParsedEnv } from '../config/env';
import type { SummarySettings } from './summary';

export interface WindowLimit {
  enabled: boolean;
  max: number;
  windowMs: number;
}

/** The chat engine's settings, read once from the environment. */
export interface ChatSettings {
  /** Longest silence from the provider before the reply fails. */
  providerTimeoutMs: number;
  /** Longest reply text; the stream is cut there (`MAX_REPLY_CHARS`). */
  maxReplyChars: number;
  /** A reply being generated is saved at least this often. */
  partialSaveMs: number;
  /** How long the final save of a reply keeps retrying while the database is unreachable. */
  replySaveRetryMs: number;
  /** Keep-alive comment on open streams. */
  pingMs: number;
  /** How long an abort request waits for the stopped run's `final`. */
  abortWaitMs: number;
  titleConvo: boolean;
  /** Summaries of what no longer fits the window (`OPENAI_SUMMARIZE`), for the openAI endpoint. */
  summarize?: SummarySettings | undefined;
  /** How long a temporary chat is kept (YAML `interface.temporaryChatRetention` hours; default 720). */
  temporaryChatRetentionMs?: number;
  limits: {
    concurrent: { enabled: boolean; max: number; ttlMs: number };
    ip: WindowLimit;
    user: WindowLimit;
  };
}

const MINUTE = 60_000;
/** Longest summary asked for (LibreChat's default summary length). */
export const DEFAULT_SUMMARY_TOKENS = 1_024;

export const DEFAULT_CHAT_TIMINGS = {
  partialSaveMs: 2_000,
  /** Long enough for a PostgreSQL restart or failover; the stream stays open (with pings) meanwhile. */
  replySaveRetryMs: 30_000,
  pingMs: 15_000,
  abortWaitMs: 10_000,
  /** A pending-message slot expires after this even if its run never released it (LibreChat: 60 s). */
  concurrentTtlMs: MINUTE,
} as const;

export function chatSettingsFromEnv(env: ParsedEnv): ChatSettings {
  return {
    providerTimeoutMs: env.PROVIDER_TIMEOUT_MS,
    maxReplyChars: env.MAX_REPLY_CHARS,
    partialSaveMs: DEFAULT_CHAT_TIMINGS.partialSaveMs,
    replySaveRetryMs: DEFAULT_CHAT_TIMINGS.replySaveRetryMs,
    pingMs: DEFAULT_CHAT_TIMINGS.pingMs,
    abortWaitMs: DEFAULT_CHAT_TIMINGS.abortWaitMs,
    titleConvo: env.TITLE_CONVO,
    summarize: env.OPENAI_SUMMARIZE
      ? { model: env.OPENAI_SUMMARY_MODEL, maxSummaryTokens: DEFAULT_SUMMARY_TOKENS }
      : undefined,
    limits: {
      concurrent: {
        enabled: env.LIMIT_CONCURRENT_MESSAGES,
        max: Math.max(1, env.CONCURRENT_MESSAGE_MAX),
        ttlMs: DEFAULT_CHAT_TIMINGS.concurrentTtlMs,
      },
      ip: {
        enabled: env.LIMIT_MESSAGE_IP,
        max: env.MESSAGE_IP_MAX,
        windowMs: env.MESSAGE_IP_WINDOW * MINUTE,
      },
      user: {
        enabled: env.LIMIT_MESSAGE_USER,
        max: env.MESSAGE_USER_MAX,
        windowMs: env.MESSAGE_USER_WINDOW * MINUTE,
      },
    },
  };
}
