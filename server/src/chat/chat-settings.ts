import type { ParsedEnv } from '../config/env';
import type { YamlConfig } from '../config/yaml-schema';
import type { SummaryTrigger } from './context';

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
  /** Summaries of what no longer fits the window for the openAI endpoint (`OPENAI_SUMMARIZE`). */
  summarize?: boolean | undefined;
  /** The openAI endpoint's summary model (`OPENAI_SUMMARY_MODEL`), also when the YAML block turns summaries on. */
  openAISummaryModel?: string | undefined;
  /** The YAML `summarization` block; when present it decides for every endpoint (docs/decisions.md). */
  summarization?: SummarizationSettings | undefined;
  /** How long a temporary chat is kept (YAML `interface.temporaryChatRetention` hours; default 720). */
  temporaryChatRetentionMs?: number;
  limits: {
    concurrent: { enabled: boolean; max: number; ttlMs: number };
    ip: WindowLimit;
    user: WindowLimit;
  };
}

/** The YAML `summarization` block as the engine uses it. */
export interface SummarizationSettings {
  /** false: no summaries at all, whatever `OPENAI_SUMMARIZE` and the endpoints' `summarize` say. */
  enabled: boolean;
  /** The endpoint that summarises; absent: the conversation's. */
  provider?: string | undefined;
  /** The summary model; absent: the summarising endpoint's configured one, else the conversation's model. */
  model?: string | undefined;
  maxSummaryTokens: number;
  /** When a summary is made; absent: as soon as a message is left out. */
  trigger?: SummaryTrigger | undefined;
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
    summarize: env.OPENAI_SUMMARIZE,
    openAISummaryModel: env.OPENAI_SUMMARY_MODEL,
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

/** The YAML `summarization` block, with its defaults; undefined when the file has none. */
export function summarizationFromYaml(yaml: YamlConfig | undefined): SummarizationSettings | undefined {
  const block = yaml?.summarization;
  if (!block) return undefined;
  return {
    enabled: block.enabled,
    provider: block.provider,
    model: block.model,
    maxSummaryTokens: block.maxSummaryTokens ?? DEFAULT_SUMMARY_TOKENS,
    trigger: block.trigger,
  };
}
