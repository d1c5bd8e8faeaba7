// Turns texts into unit-length vectors with the configured embeddings provider, through the official
// OpenAI SDK (OpenAI, Azure OpenAI, and Ollama's OpenAI-compatible API).
import type * as OpenAISdk from 'openai';
import type OpenAI from 'openai';
import { openAISdk } from '../lib/provider-sdks';
import { withStaleConnectionRetry } from '../net/stale-connection-retry';
import type { EmbeddingsSettings } from './settings';

export interface Embedder {
  /** The model vectors are made with (stored on each file, so a change of model re-embeds). */
  readonly model: string;
  /** The provider the calls go to (`openai`, `azure`, `ollama`), the ledger's endpoint. */
  readonly endpoint: string;
  /**
   * One unit-length vector per text, in order, and the input tokens the call was billed (the provider's
   * count, else about 4 characters a token). Throws the SDK's errors (status on `APIError`).
   */
  embed(texts: readonly string[]): Promise<Embedded>;
}

export interface Embedded {
  vectors: number[][];
  promptTokens: number;
}

/** One embeddings call to bill: whose texts, with which model, how many input tokens. */
export interface EmbeddingCall {
  userId: string;
  endpoint: string;
  model: string;
  promptTokens: number;
  /** Indexing: `embedding:{fileId}:{first chunk}`; a question's: a new UUID. */
  requestId: string;
}

/** Writes an embeddings call's ledger row (bound to the ledger by whoever builds the knowledge service). */
export type BillEmbedding = (call: EmbeddingCall) => Promise<void>;

/** A provider that reports no usage: about 4 characters a token. */
export const estimatedTokens = (texts: readonly string[]): number =>
  texts.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);

/** Scales a vector to length 1, so a dot product is the cosine similarity. */
export function normalize(vector: readonly number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  return length === 0 ? [...vector] : vector.map((value) => value / length);
}

const REQUEST_TIMEOUT_MS = 60_000;

function clientFor(
  { OpenAI, AzureOpenAI }: typeof OpenAISdk,
  settings: Exclude<EmbeddingsSettings, { provider: 'none' }>,
): OpenAI {
  const common = { maxRetries: 0, timeout: REQUEST_TIMEOUT_MS, fetch: withStaleConnectionRetry(fetch) };
  switch (settings.provider) {
    case 'openai':
      return new OpenAI({ ...common, apiKey: settings.apiKey, baseURL: settings.baseURL ?? null });
    case 'azure':
      return new AzureOpenAI({
        ...common,
        apiKey: settings.apiKey,
        endpoint: settings.endpoint,
        apiVersion: settings.apiVersion,
        deployment: settings.model,
      });
    case 'ollama':
      return new OpenAI({
        ...common,
        apiKey: 'ollama',
        baseURL: `${settings.baseURL.replace(/\/+$/, '')}/v1`,
      });
  }
}

/** The embedder of the settings; undefined when embeddings are off (`none`). */
export function createEmbedder(settings: EmbeddingsSettings): Embedder | undefined {
  if (settings.provider === 'none') return undefined;
  // The SDK is loaded with the first texts to embed (docs/decisions.md "Idle memory").
  let client: Promise<OpenAI> | undefined;
  return {
    model: settings.model,
    endpoint: settings.provider,
    async embed(texts) {
      client ??= openAISdk.load().then((sdk) => clientFor(sdk, settings));
      const response = await (
        await client
      ).embeddings.create({
        model: settings.model,
        input: [...texts],
        encoding_format: 'float',
      });
      const vectors = [...response.data]
        .sort((a, b) => a.index - b.index)
        .map((item) => normalize(item.embedding));
      if (vectors.length !== texts.length) {
        throw new Error(
          `the embeddings provider answered ${vectors.length} vectors for ${texts.length} texts`,
        );
      }
      // Typed as always there, but Ollama's OpenAI-compatible API may leave it out.
      const reported: unknown = (response as { usage?: { prompt_tokens?: unknown } }).usage?.prompt_tokens;
      const promptTokens =
        typeof reported === 'number' && Number.isFinite(reported) && reported > 0
          ? reported
          : estimatedTokens(texts);
      return { vectors, promptTokens };
    },
  };
}
