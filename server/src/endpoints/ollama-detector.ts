import { z } from 'zod';
import { fetchSendingAgainOnReset } from '../net/stale-connection-retry';
import type { CustomEntry } from './endpoint-entry';
import { RefreshingCache } from './refreshing-cache';

export const OLLAMA_ENDPOINT_NAME = 'Ollama';
/** How often a local Ollama is looked for at most, and how long one look may take. */
export const OLLAMA_PROBE_INTERVAL_MS = 10 * 60_000;
export const OLLAMA_PROBE_TIMEOUT_MS = 800;

const tagsSchema = z.object({ models: z.array(z.object({ name: z.string().min(1) })) });

export interface OllamaDetector {
  /** The installed models of a reachable Ollama, or null when none answers at the configured URL. */
  detect(): Promise<string[] | null>;
}

/**
 * Looks for Ollama with `GET {baseUrl}/api/tags`, at most every 10 minutes; after the first look the
 * answer comes from memory while a later look runs in the background. `baseUrl` null: never looks.
 */
export function createOllamaDetector(
  baseUrl: string | null,
  now: () => number = Date.now,
  timeoutMs: number = OLLAMA_PROBE_TIMEOUT_MS,
): OllamaDetector {
  const cache = new RefreshingCache<string[] | null>(OLLAMA_PROBE_INTERVAL_MS, now);
  return {
    detect: () =>
      baseUrl === null ? Promise.resolve(null) : cache.get(baseUrl, () => probe(baseUrl, timeoutMs)),
  };
}

async function probe(baseUrl: string, timeoutMs: number): Promise<string[] | null> {
  try {
    const response = await fetchSendingAgainOnReset(`${baseUrl}/api/tags`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const parsed = tagsSchema.safeParse(await response.json());
    return parsed.success ? [...new Set(parsed.data.models.map((model) => model.name))] : null;
  } catch {
    // Nothing listening, too slow, or not Ollama: no local Ollama.
    return null;
  }
}

/** The detected Ollama as a custom endpoint (its OpenAI-compatible API is under `/v1`; any key works). */
export function ollamaEntry(baseUrl: string, models: string[]): CustomEntry {
  return {
    type: 'custom',
    name: OLLAMA_ENDPOINT_NAME,
    apiKey: { type: 'server', value: 'ollama' },
    baseURL: { type: 'server', value: `${baseUrl}/v1` },
    headers: {},
    addParams: undefined,
    dropParams: undefined,
    iconURL: undefined,
    modelDisplayLabel: OLLAMA_ENDPOINT_NAME,
    titleConvo: undefined,
    titleModel: undefined,
    models: { default: models, fetch: false, userIdQuery: false },
    customOrder: undefined,
  };
}
