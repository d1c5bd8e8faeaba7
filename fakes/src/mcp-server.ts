// Small real MCP servers built with the official SDK, for Parley's MCP client tests and journeys: the same
// tools over stdio (`mcp-stdio.ts`), streamable HTTP (`/mcp`) and the legacy SSE transport (`/sse`).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export interface FakeMcpOptions {
  /** Shown as the server's name in its `initialize` answer. */
  name?: string;
  /** The `crash` tool's way to die (stdio: exit the process; HTTP: drop every connection). */
  crash?: () => void;
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

const FORECASTS: Readonly<Record<string, string>> = {
  paris: 'Paris: sunny, 21 °C, light wind from the west.',
  oslo: 'Oslo: snow showers, -3 °C.',
};

/** One MCP server with the fake's tools (a new one per session: an `McpServer` serves one transport). */
export function createFakeMcpServer(options: FakeMcpOptions = {}): McpServer {
  const server = new McpServer({ name: options.name ?? 'parley-fake-mcp', version: '1.0.0' });
  server.registerTool(
    'add',
    {
      description: 'Adds two numbers.',
      inputSchema: { a: z.number().describe('first addend'), b: z.number().describe('second addend') },
    },
    ({ a, b }) => text(String(a + b)),
  );
  server.registerTool(
    'forecast',
    { description: "Tomorrow's weather forecast for a city.", inputSchema: { city: z.string() } },
    ({ city }) => text(FORECASTS[city.trim().toLowerCase()] ?? `${city}: no forecast available.`),
  );
  server.registerTool(
    'slow',
    { description: 'Answers after a delay.', inputSchema: { ms: z.number().int().min(0).max(60_000) } },
    async ({ ms }, extra) => {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        extra.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return text(`waited ${ms} ms`);
    },
  );
  server.registerTool('fail', { description: 'Always reports an error.' }, () => ({
    ...text('The fake tool failed on purpose.'),
    isError: true,
  }));
  server.registerTool('pid', { description: "Answers the server process's id." }, () =>
    text(String(process.pid)),
  );
  server.registerTool('crash', { description: 'Dies in the middle of the call.' }, () => {
    (options.crash ?? (() => process.exit(3)))();
    return new Promise(() => undefined);
  });
  return server;
}

export interface FakeMcpHttp {
  /** `http://127.0.0.1:PORT` — streamable HTTP at `/mcp`, legacy SSE at `/sse` (posts to `/messages`). */
  readonly url: string;
  /** Tool calls received, oldest first (`<transport>:<tool>`). */
  readonly calls: string[];
  /** Drops every open connection (a crash as the client sees it); the server keeps listening. */
  dropConnections(): void;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  return raw === '' ? undefined : (JSON.parse(raw) as unknown);
}

/** Starts the HTTP fake on 127.0.0.1 (port 0: a free one). */
export async function startFakeMcpHttp(port = 0): Promise<FakeMcpHttp> {
  const calls: string[] = [];
  const sockets = new Set<Socket>();
  const sseSessions = new Map<string, SSEServerTransport>();
  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
  };
  const record = (transport: string, body: unknown) => {
    const message = body as { method?: string; params?: { name?: string } } | undefined;
    if (message?.method === 'tools/call') calls.push(`${transport}:${message.params?.name ?? '?'}`);
  };

  async function streamable(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const body = await readJson(req);
    record('http', body);
    // Stateless: a server and a transport per request.
    const server = createFakeMcpServer({ name: 'fake-http', crash: dropConnections });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  async function sse(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', res);
      sseSessions.set(transport.sessionId, transport);
      res.on('close', () => sseSessions.delete(transport.sessionId));
      await createFakeMcpServer({ name: 'fake-sse', crash: dropConnections }).connect(transport);
      return;
    }
    const transport = sseSessions.get(url.searchParams.get('sessionId') ?? '');
    if (!transport) {
      res.writeHead(404).end('unknown session');
      return;
    }
    const body = await readJson(req);
    record('sse', body);
    await transport.handlePostMessage(req, res, body);
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const handle =
      url.pathname === '/mcp'
        ? streamable(req, res)
        : url.pathname === '/sse' || url.pathname === '/messages'
          ? sse(req, res, url)
          : Promise.resolve(void res.writeHead(404).end());
    handle.catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    calls,
    dropConnections,
    close: () =>
      new Promise<void>((resolve) => {
        dropConnections();
        server.close(() => resolve());
      }),
  };
}
