// The one registry of callable tools (ARCHITECTURE.md §6): the manifest tools less YAML `filteredTools`
// (or only YAML `includedTools`), each built once.
import { MANIFEST } from './manifest';
import type { ManifestEntry, ToolDeps } from './manifest/manifest-entry';
import type { Tool } from './tool';

export interface RegisteredTool {
  entry: ManifestEntry;
  tool: Tool;
}

export interface ToolRegistry {
  /** The store's tools, in manifest order. */
  readonly tools: readonly RegisteredTool[];
  get(pluginKey: string): RegisteredTool | undefined;
}

export interface ToolRegistryOptions {
  deps: ToolDeps;
  /** Default: the manifest of `manifest/index.ts`. */
  manifest?: readonly ManifestEntry[];
  /** YAML `filteredTools`: plugin keys left out. */
  filteredTools?: readonly string[] | undefined;
  /** YAML `includedTools`: when not empty, only these plugin keys (wins over `filteredTools`). */
  includedTools?: readonly string[] | undefined;
}

function isListed(entry: ManifestEntry, options: ToolRegistryOptions): boolean {
  const { includedTools, filteredTools } = options;
  if (includedTools && includedTools.length > 0) return includedTools.includes(entry.pluginKey);
  return !(filteredTools ?? []).includes(entry.pluginKey);
}

export function createToolRegistry(options: ToolRegistryOptions): ToolRegistry {
  const tools = (options.manifest ?? MANIFEST)
    .filter((entry) => isListed(entry, options))
    .map((entry) => ({ entry, tool: entry.create(options.deps) }));
  const byKey = new Map(tools.map((registered) => [registered.entry.pluginKey, registered]));
  return { tools, get: (pluginKey) => byKey.get(pluginKey) };
}
