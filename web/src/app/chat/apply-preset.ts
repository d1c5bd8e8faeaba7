import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import type { EndpointsConfig, ModelsConfig } from '@parley/shared/schemas/endpoints';
import type { ConversationSetup } from '../../features/chat/logic/build-request';
import { pickModel } from './conversation-template';

interface Available {
  endpoints: EndpointsConfig;
  models: ModelsConfig;
  lastModels: Record<string, string>;
}

/** A preset's or model spec's options with the endpoint they were made for (null: any). */
export type Template = EndpointOptions & { endpoint: string | null; endpointType?: string | null };

/**
 * The setup a template gives on `fallbackEndpoint` when its own endpoint is not enabled: its options, its
 * model if that endpoint offers it (else the last used or first), the endpoint's type. Null when neither
 * endpoint is enabled.
 */
export function setupFromTemplate(
  template: Template,
  fallbackEndpoint: string | null,
  available: Available,
): ConversationSetup | null {
  const endpoint =
    template.endpoint && available.endpoints[template.endpoint] ? template.endpoint : fallbackEndpoint;
  if (!endpoint || !available.endpoints[endpoint]) return null;
  const { endpoint: _endpoint, endpointType: _type, ...options } = template;
  return {
    ...options,
    endpoint,
    endpointType: available.endpoints[endpoint]?.type ?? null,
    model: pickModel(endpoint, template.model, available),
  };
}

/**
 * SPEC §4 Presets: a chosen preset merges into the conversation on screen when it is for the same endpoint
 * (or for none), when modular chat is on, or when the conversation is not created yet; otherwise a new
 * conversation starts with it.
 */
export function presetTarget(
  current: ConversationSetup | null,
  presetEndpoint: string | null,
  { conversationId, modularChat }: { conversationId: string; modularChat: boolean },
): 'merge' | 'new' {
  if (conversationId === 'new' || !current || modularChat) return 'merge';
  return presetEndpoint === null || presetEndpoint === current.endpoint ? 'merge' : 'new';
}

/** Merging keeps what the preset does not set, and takes the preset's endpoint (modular chat) and model. */
export function mergeSetup(current: ConversationSetup | null, next: ConversationSetup): ConversationSetup {
  if (!current || current.endpoint !== next.endpoint) return next;
  return { ...current, ...next };
}
