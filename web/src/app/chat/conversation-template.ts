import { z } from 'zod';
import type { EndpointsConfig, ModelsConfig } from '@parley/shared/schemas/endpoints';
import { clampParametersToModel } from '@parley/shared/endpoints/parameters';
import { endpointOptionsSchema } from '@parley/shared/schemas/endpoint-options';
import type { ConversationSetup } from '../../features/chat/logic/build-request';
import { kindOf } from '../../features/endpoints/endpoint-names';

/** A stored `lastConversationSetup` (SPEC §3), checked: anything unreadable is ignored. */
const storedSetupSchema = endpointOptionsSchema.partial().extend({
  endpoint: z.string().min(1),
  endpointType: z.string().nullish(),
  model: z.string().nullish(),
});

export function parseStoredSetup(text: string | null): Partial<ConversationSetup> | null {
  if (!text) return null;
  try {
    const parsed = storedSetupSchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as Partial<ConversationSetup>) : null;
  } catch {
    return null;
  }
}

export function parseLastModels(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    const parsed = z.record(z.string(), z.string()).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

interface Available {
  endpoints: EndpointsConfig;
  models: ModelsConfig;
  lastModels: Record<string, string>;
}

/** The model to use on an endpoint: the wanted one if offered, else the last one used there, else the first. */
export function pickModel(
  endpoint: string,
  wanted: string | null | undefined,
  { models, lastModels }: Available,
): string {
  const offered = models[endpoint] ?? [];
  for (const candidate of [wanted, lastModels[endpoint]]) {
    if (candidate && offered.includes(candidate)) return candidate;
  }
  return offered[0] ?? wanted ?? '';
}

/** The endpoints in menu order. */
function ordered(endpoints: EndpointsConfig): string[] {
  return Object.entries(endpoints)
    .sort(([a, x], [b, y]) => x.order - y.order || a.localeCompare(b))
    .map(([name]) => name);
}

/** A fresh setup on `endpoint`: its type, a model it offers; options belong to the old endpoint and are dropped. */
export function setupForEndpoint(endpoint: string, available: Available): ConversationSetup {
  return {
    endpoint,
    endpointType: available.endpoints[endpoint]?.type ?? null,
    model: pickModel(endpoint, null, available),
  };
}

/**
 * The setup on another model of the same endpoint. Parameters the new model does not allow are lowered to its
 * limit (SPEC §4: a Google model change clamps max output tokens, so Gemini's 8192 becomes chat-bison's 2048 and
 * the next send is not refused); the rest stay as chosen.
 */
export function setupWithModel(setup: ConversationSetup, model: string): ConversationSetup {
  return { ...clampParametersToModel(kindOf(setup.endpointType ?? setup.endpoint), model, setup), model };
}

/** Whether a new conversation could send on `endpoint`: it is enabled and offers a model. */
const usable = (endpoint: string, available: Available) =>
  Boolean(available.endpoints[endpoint]) && (available.models[endpoint] ?? []).length > 0;

/**
 * SPEC §4 New conversation: the last setup when its endpoint is still enabled (with a model it still offers),
 * else the first endpoint of the menu. Never one with nothing to choose (issue 23: no model offered) while
 * another has a model. Null while nothing is enabled.
 */
export function newConversationSetup(
  stored: Partial<ConversationSetup> | null,
  available: Available,
): ConversationSetup | null {
  const endpoints = ordered(available.endpoints);
  const anyUsable = endpoints.some((endpoint) => usable(endpoint, available));
  if (
    stored?.endpoint &&
    available.endpoints[stored.endpoint] &&
    (!anyUsable || usable(stored.endpoint, available))
  ) {
    return {
      ...stored,
      endpoint: stored.endpoint,
      endpointType: available.endpoints[stored.endpoint]?.type ?? null,
      model: pickModel(stored.endpoint, stored.model, available),
    };
  }
  const first = endpoints.find((endpoint) => !anyUsable || usable(endpoint, available));
  return first ? setupForEndpoint(first, available) : null;
}
