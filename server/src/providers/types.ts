import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import type { FetchLike } from '../net/address-guard';
import { sanitizeUpstreamMessage } from './shared/upstream-message';

/**
 * The one interface every provider adapter implements (ARCHITECTURE.md §3). Adapters never read env,
 * the database or the request: everything they need arrives in the request and its credentials.
 */
export interface ChatProvider {
  readonly kind: EndpointKind;
  readonly capabilities: ProviderCapabilities;
  listModels(ctx: ProviderContext, signal?: AbortSignal): Promise<string[]>;
  stream(req: ChatRequest, signal: AbortSignal): AsyncIterable<ProviderEvent>;
}

export interface ProviderCapabilities {
  tools: boolean;
  vision: boolean;
  /** How a system prompt reaches the model: its own role, or prepended to the first user turn. */
  systemRole: 'system' | 'first-user';
}

export interface ProviderContext {
  credentials: Credentials;
}

/** Resolved credentials: no `${ENV}` placeholders and no `user_provided` left. */
export interface Credentials {
  apiKey?: string;
  baseURL?: string;
  headers?: Record<string, string>;
  organization?: string;
  azure?: AzureTarget;
  /** Google Vertex AI service account (SPEC §3 "Google service key JSON"). */
  serviceAccount?: GoogleServiceAccount;
  /**
   * The fetch the SDK must use: the address guard's (`net/address-guard`) when the user supplied the URL;
   * absent for the server's own URLs.
   */
  fetch?: FetchLike;
  /** Bing: the user's cookie string. ChatGPT browser: the access token goes in apiKey. */
  cookies?: string;
}

/** The fields of a Google service-account key file that Vertex AI calls use. */
export interface GoogleServiceAccount {
  client_email: string;
  project_id: string;
  private_key: string;
  /** The key file's OAuth token endpoint; Google's own when absent. */
  token_uri?: string;
}

export interface AzureTarget {
  instanceName?: string;
  deploymentName: string;
  apiVersion: string;
  /** When set (custom domain or serverless), used instead of https://{instance}.openai.azure.com. */
  baseURL?: string;
  serverless?: boolean;
}

export type PromptPart =
  | { type: 'text'; text: string }
  | { type: 'image'; url: string; detail?: 'low' | 'high' | 'auto'; mimeType?: string }
  | { type: 'tool-call'; id: string; name: string; arguments: string }
  | { type: 'tool-result'; toolCallId: string; name: string; output: string; isError?: boolean };

export interface PromptMessage {
  role: 'user' | 'assistant' | 'tool';
  parts: PromptPart[];
}

/** Generation parameters, already validated and defaulted per kind (SPEC §5, §9). */
export interface GenerationParams {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  stop?: string[];
  imageDetail?: 'low' | 'high' | 'auto';
  /** Bing only. */
  toneStyle?: 'creative' | 'fast' | 'balanced' | 'precise';
  /** Opaque per-kind continuation state (ChatGPT browser conversation ids, Bing conversation signature …). */
  providerState?: Record<string, unknown>;
  /** Google chat-bison style examples. */
  examples?: { input: string; output: string }[];
  /** Identifies the end user to the provider (OpenAI `user`, Anthropic `metadata.user_id`). */
  user?: string;
}

export interface ToolDefinition {
  name: string;
  description?: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  model: string;
  system?: string;
  messages: PromptMessage[];
  params: GenerationParams;
  tools?: ToolDefinition[];
  toolChoice?: 'auto' | 'none' | 'required' | { name: string };
  credentials: Credentials;
  /** YAML `addParams`, merged into the request body. */
  extraBody?: Record<string, unknown>;
  /** YAML `dropParams`, removed from the request body by the adapter. */
  dropParams?: string[];
  /**
   * A custom endpoint's YAML `forcePrompt`: the OpenAI-family adapter sends one prompt string to the Completions
   * API (`/completions`) instead of messages to Chat Completions; tools are not sent then.
   */
  forcePrompt?: true;
}

export type FinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'other';

export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
}

export type ProviderEvent =
  | { type: 'text-delta'; delta: string }
  | { type: 'tool-call-delta'; index: number; id?: string; name?: string; argumentsDelta: string }
  | { type: 'tool-call'; id: string; name: string; arguments: string }
  /** State the provider hands back for the next turn (ChatGPT browser ids, Bing signature, suggestions). */
  | { type: 'provider-state'; state: Record<string, unknown> }
  | { type: 'finish'; reason: FinishReason; rawReason?: string; usage?: Usage };

export const PROVIDER_ERROR_KINDS = [
  'invalid_key',
  'quota',
  'rate_limit',
  'context_length',
  'moderation',
  'model_not_found',
  'bad_request',
  'upstream',
  'network',
  'timeout',
] as const;
export type ProviderErrorKind = (typeof PROVIDER_ERROR_KINDS)[number];

/** Every adapter failure, mapped once in the adapter; keeps the SDK error as `cause`. */
export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  readonly retryable: boolean;

  constructor(
    kind: ProviderErrorKind,
    message: string,
    options: { status?: number; retryable?: boolean; cause?: unknown } = {},
  ) {
    // Every adapter's message passes here: upstream bodies reach users only as one short line.
    super(sanitizeUpstreamMessage(message), { cause: options.cause });
    this.name = 'ProviderError';
    this.kind = kind;
    this.status = options.status;
    this.retryable =
      options.retryable ?? (kind === 'rate_limit' || kind === 'network' || kind === 'upstream');
  }
}
