import { ENDPOINT_DISPLAY_NAMES, ENDPOINT_KINDS, type EndpointKind } from '@parley/shared/endpoints/kinds';
import type { EndpointConfig, EndpointsConfig } from '@parley/shared/schemas/endpoints';

export interface EndpointEntry {
  name: string;
  kind: EndpointKind;
  label: string;
  config: EndpointConfig;
}

function isKind(value: string): value is EndpointKind {
  return (ENDPOINT_KINDS as readonly string[]).includes(value);
}

/** An endpoint's kind: its `type` (custom endpoints), else its name; unknown names count as custom. */
export function kindOf(name: string, config?: Pick<EndpointConfig, 'type'>): EndpointKind {
  if (config?.type) return config.type;
  return isKind(name) ? name : 'custom';
}

/** SPEC §9 display names; a custom endpoint is shown by its configured name. */
export function endpointLabel(name: string, config?: Pick<EndpointConfig, 'type'>): string {
  const kind = kindOf(name, config);
  return kind === 'custom' || !isKind(name) ? name : ENDPOINT_DISPLAY_NAMES[kind];
}

/** The endpoints menu's entries: by configured order, then name. */
export function endpointEntries(config: EndpointsConfig | undefined): EndpointEntry[] {
  return Object.entries(config ?? {})
    .map(([name, entry]) => ({
      name,
      kind: kindOf(name, entry),
      label: endpointLabel(name, entry),
      config: entry,
    }))
    .sort((a, b) => a.config.order - b.config.order || a.label.localeCompare(b.label));
}

/** SPEC §5: the model search box appears only with more than 10 options. */
export const MODEL_SEARCH_THRESHOLD = 10;

export function filterModels(models: readonly string[], query: string): string[] {
  const needle = query.trim().toLowerCase();
  return needle === '' ? [...models] : models.filter((model) => model.toLowerCase().includes(needle));
}
