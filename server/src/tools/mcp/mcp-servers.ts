// The YAML `mcpServers` as tools (API.md "Tools, plugins and MCP"): one connection per server, made at first
// use; each server's tools are plugins `<tool>_mcp_<server>`. A server that is down never fails start-up, the
// plugin list or another server's tools. The URLs and commands come from the administrator's YAML: trusted.
import type { McpServerConfig, McpServersConfig } from '../../config/mcp-servers-schema';
import type { Env } from '../../config/env';
import { substituteVariables } from '../../endpoints/config-value';
import {
  McpConnection,
  type McpConnectionOptions,
  type McpLogger,
  type McpServerSettings,
  type McpToolInfo,
} from './mcp-connection';
import { mcpPluginKey, mcpRegisteredTool, mcpServerOf, type McpRegisteredTool } from './mcp-tools';

export const DEFAULT_MCP_TIMEOUT_MS = 30_000;
export const DEFAULT_MCP_INIT_TIMEOUT_MS = 10_000;

export interface McpServers {
  /** Every server's tools, in the YAML's order; each server is connected and listed at its first use. */
  list(): Promise<McpRegisteredTool[]>;
  /** The tool a plugin key names (only its server is listed), or undefined. */
  find(pluginKey: string): Promise<McpRegisteredTool | undefined>;
  /** The tool a plugin key names among those its server last listed (no connection is made). */
  listed(pluginKey: string): McpRegisteredTool | undefined;
  /** The connections, by server name (tests, health). */
  readonly connections: ReadonlyMap<string, McpConnection>;
  /** Ends every connection (stdio children end). */
  close(): Promise<void>;
}

export interface McpServersOptions extends Pick<McpConnectionOptions, 'backoffMs' | 'maxBackoffMs'> {
  logger?: McpLogger | undefined;
}

/** A server's settings with `${VAR}` looked up in env values, headers and URL; the first unset variable else. */
export function serverSettings(
  name: string,
  config: McpServerConfig,
  vars: Env,
): McpServerSettings | { missing: string } {
  let missing: string | undefined;
  const resolve = (text: string): string => {
    const result = substituteVariables(text, vars);
    if (result.type === 'ok') return result.value;
    missing ??= result.variable;
    return text;
  };
  const resolveAll = (record: Readonly<Record<string, string>> | undefined) =>
    Object.fromEntries(Object.entries(record ?? {}).map(([key, value]) => [key, resolve(value)]));
  const type = config.type ?? (config.command === undefined ? 'sse' : 'stdio');
  const transport: McpServerSettings['transport'] =
    type === 'stdio'
      ? { type, command: config.command ?? '', args: config.args ?? [], env: resolveAll(config.env) }
      : {
          type: type === 'sse' ? 'sse' : 'streamable-http',
          url: resolve(config.url ?? ''),
          headers: resolveAll(config.headers),
        };
  if (missing !== undefined) return { missing };
  return {
    name,
    transport,
    timeoutMs: config.timeout ?? DEFAULT_MCP_TIMEOUT_MS,
    initTimeoutMs: config.initTimeout ?? DEFAULT_MCP_INIT_TIMEOUT_MS,
    iconPath: config.iconPath,
  };
}

export function createMcpServers(
  config: McpServersConfig | undefined,
  vars: Env,
  options: McpServersOptions = {},
): McpServers {
  const connections = new Map<string, McpConnection>();
  for (const [name, server] of Object.entries(config ?? {})) {
    const settings = serverSettings(name, server, vars);
    if ('missing' in settings) {
      options.logger?.warn(
        { mcpServer: name, variable: settings.missing },
        'MCP server left out: an environment variable it uses is not set',
      );
      continue;
    }
    connections.set(name, new McpConnection(settings, options));
  }

  // A server's registered tools, rebuilt only when its list changes (the agent caches validators per tool).
  const built = new Map<string, { from: readonly McpToolInfo[]; tools: McpRegisteredTool[] }>();
  const warned = new Set<string>();
  function toolsOf(connection: McpConnection): McpRegisteredTool[] {
    const name = connection.settings.name;
    const listed = connection.tools;
    const cached = built.get(name);
    if (cached?.from === listed) return cached.tools;
    const tools: McpRegisteredTool[] = [];
    for (const info of listed) {
      const key = mcpPluginKey(info.name, name);
      if (key === undefined) {
        if (!warned.has(`${name}/${info.name}`)) {
          warned.add(`${name}/${info.name}`);
          options.logger?.warn(
            { mcpServer: name, tool: info.name },
            'MCP tool left out: its name is too long',
          );
        }
        continue;
      }
      tools.push(mcpRegisteredTool(connection, info, key));
    }
    built.set(name, { from: listed, tools });
    return tools;
  }

  return {
    connections,
    async list() {
      const all = [...connections.values()];
      await Promise.all(all.map((connection) => connection.listTools()));
      return all.flatMap(toolsOf);
    },
    async find(pluginKey) {
      const server = mcpServerOf(pluginKey);
      const connection = server === undefined ? undefined : connections.get(server);
      if (!connection) return undefined;
      await connection.listTools();
      return toolsOf(connection).find((registered) => registered.entry.pluginKey === pluginKey);
    },
    listed(pluginKey) {
      const server = mcpServerOf(pluginKey);
      const connection = server === undefined ? undefined : connections.get(server);
      return connection && toolsOf(connection).find((registered) => registered.entry.pluginKey === pluginKey);
    },
    async close() {
      await Promise.all([...connections.values()].map((connection) => connection.close()));
    },
  };
}
