// The one registry of callable tools (ARCHITECTURE.md §6): the manifest tools less YAML `filteredTools`
// (or only YAML `includedTools`), each built once, then the tools of the YAML's MCP servers.
import { MANIFEST } from './manifest';
import type { McpServers } from './mcp/mcp-servers';
import type { ManifestEntry, ToolDeps } from './manifest/manifest-entry';
import type { Tool } from './tool';

export interface RegisteredTool {
  entry: ManifestEntry;
  tool: Tool;
}

export interface ToolRegistry {
  /** The manifest's tools, in manifest order. */
  readonly tools: readonly RegisteredTool[];
  /** A manifest tool by plugin key (MCP tools: `find`). */
  get(pluginKey: string): RegisteredTool | undefined;
  /** A manifest tool, or an MCP tool its server has listed already (no connection is made). */
  getListed(pluginKey: string): RegisteredTool | undefined;
  /** Every tool of the store: the manifest's, then each MCP server's (listed at its first use). */
  list(): Promise<readonly RegisteredTool[]>;
  /** Any tool by plugin key, MCP tools included (only the key's server is listed). */
  find(pluginKey: string): Promise<RegisteredTool | undefined>;
}

export interface ToolRegistryOptions {
  deps: ToolDeps;
  /** Default: the manifest of `manifest/index.ts`. */
  manifest?: readonly ManifestEntry[];
  /** YAML `filteredTools`: plugin keys left out. */
  filteredTools?: readonly string[] | undefined;
  /** YAML `includedTools`: when not empty, only these plugin keys (wins over `filteredTools`). */
  includedTools?: readonly string[] | undefined;
  /** The YAML `mcpServers`' tools. */
  mcp?: McpServers | undefined;
}

function isListed(entry: Pick<ManifestEntry, 'pluginKey'>, options: ToolRegistryOptions): boolean {
  const { includedTools, filteredTools } = options;
  if (includedTools && includedTools.length > 0) return includedTools.includes(entry.pluginKey);
  return !(filteredTools ?? []).includes(entry.pluginKey);
}

export function createToolRegistry(options: ToolRegistryOptions): ToolRegistry {
  const tools = (options.manifest ?? MANIFEST)
    .filter((entry) => isListed(entry, options))
    .map((entry) => ({ entry, tool: entry.create(options.deps) }));
  const byKey = new Map(tools.map((registered) => [registered.entry.pluginKey, registered]));
  const { mcp } = options;
  return {
    tools,
    get: (pluginKey) => byKey.get(pluginKey),
    getListed(pluginKey) {
      const found = byKey.get(pluginKey);
      if (found || !mcp || !isListed({ pluginKey }, options)) return found;
      return mcp.listed(pluginKey);
    },
    async list() {
      if (!mcp) return tools;
      const mcpTools = (await mcp.list()).filter((registered) => isListed(registered.entry, options));
      return [...tools, ...mcpTools];
    },
    async find(pluginKey) {
      const found = byKey.get(pluginKey);
      if (found || !mcp || !isListed({ pluginKey }, options)) return found;
      return mcp.find(pluginKey);
    },
  };
}
