// What the first chat after a start would otherwise load itself: the endpoints' provider SDKs and the token
// counter of the model a new chat starts on (docs/decisions.md "Start-up: the database opens while the app
// loads").
import type { EndpointEntry } from '../endpoints/endpoint-entry';
import { preferredStartingModel } from '../endpoints/starting-model';
import type { LazyModule } from '../lib/lazy-module';
import { anthropicSdk, googleSdk, openAISdk } from '../lib/provider-sdks';
import { encodingForModel, getTokenCounter } from '../tokenizer/service';

export interface WarmUpPlan {
  /** The provider SDKs of the configured endpoints. */
  sdks: LazyModule<unknown>[];
  /** One model per token encoding the endpoints' first models use. */
  models: string[];
}

/** The SDK an endpoint's chats go through, if any (the ChatGPT browser and Bing speak HTTP themselves). */
function sdkOf(entry: EndpointEntry): LazyModule<unknown> | undefined {
  if (entry.type !== 'keyed') return openAISdk; // Azure, plugins, Azure assistants and custom endpoints
  switch (entry.name) {
    case 'openAI':
    case 'assistants':
      return openAISdk;
    case 'anthropic':
      return anthropicSdk;
    case 'google':
      return googleSdk;
    default:
      return undefined;
  }
}

/** The model a new chat on the endpoint most likely starts on: the first the administrator listed. */
function firstModelOf(entry: EndpointEntry): string | undefined {
  switch (entry.type) {
    case 'keyed':
    case 'plugins':
      return entry.models?.[0] ?? preferredStartingModel(entry.name);
    case 'azure':
      return entry.target.type === 'env'
        ? (entry.target.models?.[0] ?? preferredStartingModel(entry.name))
        : Object.keys(entry.target.groups[0]?.models ?? {})[0];
    case 'custom':
      return entry.models.default[0];
    case 'azure-assistants':
      return undefined;
  }
}

export function warmUpPlan(entries: readonly EndpointEntry[]): WarmUpPlan {
  const sdks = new Set<LazyModule<unknown>>();
  const byEncoding = new Map<string, string>();
  for (const entry of entries) {
    const sdk = sdkOf(entry);
    if (sdk) sdks.add(sdk);
    const model = firstModelOf(entry);
    if (model !== undefined && !byEncoding.has(encodingForModel(model))) {
      byEncoding.set(encodingForModel(model), model);
    }
  }
  return { sdks: [...sdks], models: [...byEncoding.values()] };
}

/**
 * Loads what the plan names, one module at a time and each after the event loop had a turn, so requests that
 * arrive meanwhile are served between loads. A chat that needs one of them before it is loaded waits for the
 * same load (`lazyModule` and `getTokenCounter` share one promise per module); a failure here is ignored,
 * as the chat that needs the module loads it again and reports its failure.
 */
export async function warmUp(plan: WarmUpPlan): Promise<void> {
  const tasks: (() => Promise<unknown>)[] = [
    ...plan.models.map((model) => () => getTokenCounter(model)),
    ...plan.sdks.map((sdk) => () => sdk.load()),
  ];
  for (const task of tasks) {
    await new Promise((resolve) => setImmediate(resolve));
    await task().catch(() => undefined);
  }
}
