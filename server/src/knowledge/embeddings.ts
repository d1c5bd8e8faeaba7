// Turns texts into unit-length vectors with the configured embeddings provider, through the official
// OpenAI SDK (OpenAI, Azure OpenAI, and Ollama's OpenAI-compatible API).
import type * as OpenAISdk from 'openai';
import type OpenAI from 'openai';
import { openAISdk } from '../lib/provider-sdks';
import type { EmbeddingsSettings } from './settings';

export interface Embedder {
  /** The model vectors are made with (stored on each file, so a change of model re-embeds). */
  readonly model: string;
  /** One unit-length vector per text, in order. Throws the SDK's errors (status on `APIError`). */
  embed(texts: readonly string[]): Promise<number[][]>;
}

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
  const common = { maxRetries: 0, timeout: REQUEST_TIMEOUT_MS };
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
      return vectors;
    },
  };
}
