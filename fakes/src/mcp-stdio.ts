// Runs the fake MCP server over stdio (spawned by Parley's MCP client from a YAML `mcpServers` entry):
//   node --import tsx fakes/src/mcp-stdio.ts
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createFakeMcpServer } from './mcp-server';

const server = createFakeMcpServer({ name: 'fake-stdio' });
await server.connect(new StdioServerTransport());
// The client closing stdin ends the session; the process then has nothing left to do.
process.stdin.on('end', () => process.exit(0));
