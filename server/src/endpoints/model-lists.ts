import { createHash } from 'node:crypto';
import {
  BING_MODELS,
  DEFAULT_ANTHROPIC_MODELS,
  DEFAULT_ASSISTANTS_MODELS,
  DEFAULT_CHATGPT_BROWSER_MODELS,
  DEFAULT_GOOGLE_MODELS,
  DEFAULT_OPENAI_MODELS,
  pluginModelsOf,
} from '@parley/shared/endpoints/default-models';
import { assertNever } from './assert-never';
import type { AzureEntry, CustomEntry, EndpointEntry, KeyedEntry } from './endpoint-entry';
import { fetchOpenAIModels, type ModelsRequest } from './fetch-openai-models';
import { RefreshingCache } from './refreshing-cache';
import { withFirst, withStartingModel } from './starting-model';

/** A provider's models are fetched at most this often; a failed fetch is retried no sooner either. */
export const MODELS_REFRESH_MS = 10 * 60_000;
export const MODELS_FETCH_TIMEOUT_MS = 5_000;
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface ModelLists {
  /** The models of one enabled endpoint; never throws (falls back to the defaults). */
  modelsOf(entry: EndpointEntry, userId: string): Promise<string[]>;
}

export function createModelLists(now: () => number = Date.now): ModelLists {
  /** null: the fetch failed or listed nothing, so the caller's fallback applies. */
  const cache = new RefreshingCache<string[] | null>(MODELS_REFRESH_MS, now);
  const fetchCached = (request: ModelsRequest): Promise<string[] | null> =>
    cache.get(cacheKeyOf(request), async () => {
      try {
        const models = await fetchOpenAIModels(request, AbortSignal.timeout(MODELS_FETCH_TIMEOUT_MS));
        return models.length > 0 ? models : null;
      } catch {
        return null;
      }
    });

  const fetchedOpenAI = async (entry: KeyedEntry): Promise<string[] | null> => {
    if (entry.apiKey.type !== 'server' || entry.baseURL?.type === 'user') return null;
    const baseURL = entry.baseURL?.value ?? OPENAI_BASE_URL;
    const models = await fetchCached({
      baseURL,
      apiKey: entry.apiKey.value,
      organization: entry.organization,
    });
    return models && baseURL === OPENAI_BASE_URL ? chatModelsOfOpenAI(models) : models;
  };

  const customModels = async (entry: CustomEntry, userId: string): Promise<string[]> => {
    const { apiKey, baseURL, models } = entry;
    if (!models.fetch || apiKey.type !== 'server' || baseURL.type !== 'server') return models.default;
    const request = { baseURL: baseURL.value, apiKey: apiKey.value, headers: entry.headers };
    const fetched = await fetchCached(models.userIdQuery ? { ...request, userId } : request);
    // The administrator's first listed model stays the one a new chat starts on.
    return fetched ? withFirst(fetched, models.default[0]) : models.default;
  };

  return {
    async modelsOf(entry, userId) {
      switch (entry.type) {
        case 'keyed':
          return entry.models ?? withStartingModel(entry.name, await keyedModels(entry, fetchedOpenAI));
        case 'azure':
          return azureModels(entry);
        case 'plugins':
          if (entry.models) return entry.models;
          if (entry.via.type === 'azure') return azureModels(entry.via);
          return (
            entry.via.models ??
            withStartingModel(
              'gptPlugins',
              (await fetchedOpenAI(entry.via)) ?? pluginModelsOf(DEFAULT_OPENAI_MODELS),
            )
          );
        case 'azure-assistants':
          return entry.via.target.groups.flatMap((group) =>
            Object.entries(group.models)
              .filter(([, model]) => model.assistants)
              .map(([name]) => name),
          );
        case 'custom':
          return customModels(entry, userId);
        default:
          return assertNever(entry);
      }
    },
  };
}

async function keyedModels(
  entry: KeyedEntry,
  fetchedOpenAI: (entry: KeyedEntry) => Promise<string[] | null>,
): Promise<string[]> {
  switch (entry.name) {
    case 'openAI':
      return (await fetchedOpenAI(entry)) ?? [...DEFAULT_OPENAI_MODELS];
    case 'assistants':
      // API.md: `ASSISTANTS_MODELS`, else the models of the assistants' server, else the defaults.
      return (await fetchedOpenAI(entry)) ?? [...DEFAULT_ASSISTANTS_MODELS];
    case 'anthropic':
      return [...DEFAULT_ANTHROPIC_MODELS];
    case 'google':
      return [...DEFAULT_GOOGLE_MODELS];
    case 'chatGPTBrowser':
      return [...DEFAULT_CHATGPT_BROWSER_MODELS];
    case 'bingAI':
      return [...BING_MODELS];
    default:
      return assertNever(entry.name);
  }
}

function azureModels(entry: AzureEntry): string[] {
  if (entry.target.type === 'env') {
    return entry.target.models ?? withStartingModel('azureOpenAI', DEFAULT_OPENAI_MODELS);
  }
  return entry.target.groups.flatMap((group) => Object.keys(group.models));
}

/** The official API lists embeddings, audio, images …: keep chat models, instruct models last. */
function chatModelsOfOpenAI(models: string[]): string[] | null {
  const chat = models.filter((model) => /text-davinci-003|gpt-/.test(model));
  const ordered = [
    ...chat.filter((m) => !m.includes('instruct')),
    ...chat.filter((m) => m.includes('instruct')),
  ];
  return ordered.length > 0 ? ordered : null;
}

/** One cache entry per base URL, key and user; the key itself is not kept in memory as a map key. */
function cacheKeyOf(request: ModelsRequest): string {
  const secret = createHash('sha256').update(request.apiKey).digest('base64url');
  return [request.baseURL, secret, request.organization ?? '', request.userId ?? ''].join('\n');
}
