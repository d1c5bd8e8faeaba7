import type { EndpointEntry } from './endpoint-entry';

/** The menu order of built-in endpoints when `ENDPOINTS` is not set (the original product's). */
export const DEFAULT_ENDPOINT_ORDER: readonly string[] = [
  'openAI',
  'assistants',
  'azureOpenAI',
  'google',
  'bingAI',
  'chatGPTBrowser',
  'gptPlugins',
  'anthropic',
];

/**
 * The enabled endpoints in menu order. `ENDPOINTS` (when set) both filters and orders the built-in ones;
 * `custom` in it places the custom endpoints there (a custom endpoint's own name places just that one).
 * Custom endpoints are always kept: those not placed come last, by `customOrder`, then as configured.
 */
export function orderEndpoints(
  entries: readonly EndpointEntry[],
  endpointsVariable: readonly string[] | undefined,
): EndpointEntry[] {
  const custom = sortCustom(entries.filter((entry) => entry.type === 'custom'));
  const builtIn = entries.filter((entry) => entry.type !== 'custom');
  const list = endpointsVariable ?? [...DEFAULT_ENDPOINT_ORDER, 'custom'];
  const placed = new Set<EndpointEntry>();
  const place = (entry: EndpointEntry | undefined) => {
    if (entry) placed.add(entry);
  };
  const namedCustom = new Set(list);
  for (const name of list) {
    if (name === 'custom') {
      custom.filter((entry) => !namedCustom.has(entry.name)).forEach(place);
    } else {
      place(builtIn.find((entry) => entry.name === name) ?? custom.find((entry) => entry.name === name));
    }
  }
  custom.forEach(place);
  return [...placed];
}

function sortCustom(entries: EndpointEntry[]): EndpointEntry[] {
  const orderOf = (entry: EndpointEntry) =>
    entry.type === 'custom' ? (entry.customOrder ?? Number.POSITIVE_INFINITY) : 0;
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => orderOf(a.entry) - orderOf(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}
