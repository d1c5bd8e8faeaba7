// MCP tools as Parley tools: plugin key and function name `<tool>_mcp_<server>`, output as text for the model.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ManifestEntry } from '../manifest/manifest-entry';
import { ToolError, type Tool } from '../tool';
import type { McpConnection, McpToolInfo } from './mcp-connection';

export const MCP_DELIMITER = '_mcp_';
/** Providers take function names of at most 64 characters of `[a-zA-Z0-9_-]`. */
const MAX_FUNCTION_NAME = 64;
export const DEFAULT_MCP_ICON = '/assets/tools/mcp.svg';

/** A tool of an MCP server as the registry keeps it (the same shape as a manifest tool's). */
export interface McpRegisteredTool {
  entry: ManifestEntry;
  tool: Tool;
}

/** `<tool>_mcp_<server>`, characters a function name may not hold replaced by `_`; undefined when too long. */
export function mcpPluginKey(toolName: string, server: string): string | undefined {
  const key = `${toolName.replace(/[^A-Za-z0-9_-]/g, '_')}${MCP_DELIMITER}${server}`;
  return key.length <= MAX_FUNCTION_NAME ? key : undefined;
}

/** The server a plugin key names (the part after its last `_mcp_`), or undefined for another key. */
export function mcpServerOf(pluginKey: string): string | undefined {
  const at = pluginKey.lastIndexOf(MCP_DELIMITER);
  return at > 0 ? pluginKey.slice(at + MCP_DELIMITER.length) : undefined;
}

type ContentBlock = CallToolResult['content'][number];

function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image, ${block.mimeType}]`;
    case 'audio':
      return `[audio, ${block.mimeType}]`;
    case 'resource':
      return 'text' in block.resource ? block.resource.text : `[resource ${block.resource.uri}]`;
    case 'resource_link':
      return `[link: ${block.name} ${block.uri}]`;
    default:
      return '';
  }
}

/** What the model sees of a result: its text blocks (others named), else its structured content as JSON. */
export function outputOf(result: CallToolResult): string {
  const text = (result.content ?? [])
    .map(blockText)
    .filter((part) => part !== '')
    .join('\n');
  if (text !== '' || result.structuredContent === undefined) return text;
  return JSON.stringify(result.structuredContent);
}

export function mcpRegisteredTool(
  connection: McpConnection,
  info: McpToolInfo,
  pluginKey: string,
): McpRegisteredTool {
  const server = connection.settings.name;
  const tool: Tool = {
    name: pluginKey,
    description: info.description === '' ? `${info.name} (MCP server ${server})` : info.description,
    parameters: info.inputSchema,
    async run(args, ctx) {
      const result = await connection.callTool(info.name, args, ctx.signal);
      const output = outputOf(result);
      if (result.isError) throw new ToolError(output === '' ? 'The MCP tool reported an error.' : output);
      return { output };
    },
  };
  const entry: ManifestEntry = {
    pluginKey,
    name: `${info.title ?? info.name} (${server})`,
    description: info.description,
    icon: connection.settings.iconPath ?? DEFAULT_MCP_ICON,
    authConfig: [],
    create: () => tool,
  };
  return { entry, tool };
}
