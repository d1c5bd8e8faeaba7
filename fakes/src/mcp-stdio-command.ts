// How to start the stdio fake MCP server (`mcp-stdio.ts`) from any working directory: Node with tsx's loader,
// both by absolute path (a YAML `mcpServers` entry's `command` and `args`).
import { fileURLToPath } from 'node:url';

export function fakeMcpStdioCommand(): { command: string; args: string[] } {
  const loader = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
  const script = fileURLToPath(new URL('./mcp-stdio.ts', import.meta.url));
  return { command: process.execPath, args: ['--import', loader, script] };
}
