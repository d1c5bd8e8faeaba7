// YAML `endpoints.assistants` as the assistants feature reads it (API.md "Assistants and actions").
import { ASSISTANT_BUILDER_CAPABILITIES, type AssistantCapability } from '@parley/shared/schemas/endpoints';
import type { AssistantsEndpointConfig } from '../config/yaml-schema';

export interface AssistantsSettings {
  disableBuilder: boolean;
  /** A run still going after this long ends `expired` (default 180 s). */
  timeoutMs: number;
  /** Only these ids are listed and run (wins over `excludedIds`). */
  supportedIds: readonly string[] | undefined;
  excludedIds: readonly string[] | undefined;
  /** When the YAML sets it: the models retrieval may be enabled for. */
  retrievalModels: readonly string[] | undefined;
  capabilities: ReadonlySet<AssistantCapability>;
}

export const DEFAULT_RUN_TIMEOUT_MS = 180_000;

export function assistantsSettings(yaml: AssistantsEndpointConfig | undefined): AssistantsSettings {
  return {
    disableBuilder: yaml?.disableBuilder ?? false,
    timeoutMs: yaml?.timeoutMs ?? DEFAULT_RUN_TIMEOUT_MS,
    supportedIds: yaml?.supportedIds,
    excludedIds: yaml?.excludedIds,
    retrievalModels: yaml?.retrievalModels,
    capabilities: new Set(yaml?.capabilities ?? ASSISTANT_BUILDER_CAPABILITIES),
  };
}

/** The ids the YAML lets be listed and run: only `supportedIds` when set, else all but `excludedIds`. */
export type IdFilter = { only: readonly string[] } | { except: readonly string[] };

export function idFilter(settings: AssistantsSettings): IdFilter | undefined {
  if (settings.supportedIds && settings.supportedIds.length > 0) return { only: settings.supportedIds };
  if (settings.excludedIds && settings.excludedIds.length > 0) return { except: settings.excludedIds };
  return undefined;
}

/** Whether the YAML lets this assistant id be listed and run. */
export function isAllowedId(settings: AssistantsSettings, id: string): boolean {
  const filter = idFilter(settings);
  if (!filter) return true;
  return 'only' in filter ? filter.only.includes(id) : !filter.except.includes(id);
}
