// Runs the HTTP fake MCP server as its own process (used by the e2e suite):
//   PORT=0 npx tsx fakes/src/mcp-main.ts  →  prints FAKE_MCP_URL=http://127.0.0.1:PORT
import { startFakeMcpHttp } from './mcp-server';

const port = Number(process.env.PORT ?? '0');
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535`);
const fake = await startFakeMcpHttp(port);
process.stdout.write(`FAKE_MCP_URL=${fake.url}\n`);

function shutdown(): void {
  fake.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
