import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMcpHttp, type FakeMcpHttp } from '@parley/fakes/mcp-server';
import { fakeMcpStdioCommand } from '@parley/fakes/mcp-stdio-command';
import { mcpServersSchema, type McpServersConfig } from '../../config/mcp-servers-schema';
import { ToolError, type ToolContext } from '../tool';
import { createMcpServers, type McpServers } from './mcp-servers';

const ctx = (signal = new AbortController().signal): ToolContext => ({ userId: 'u', auth: {}, signal });

// Starting Node with tsx's loader takes seconds on a loaded machine: the start is not what these tests time.
const stdio = (): McpServersConfig[string] => ({
  type: 'stdio',
  ...fakeMcpStdioCommand(),
  initTimeout: 60_000,
});

const opened: McpServers[] = [];
function servers(config: McpServersConfig): McpServers {
  const created = createMcpServers(mcpServersSchema.parse(config), {}, { backoffMs: 100, maxBackoffMs: 200 });
  opened.push(created);
  return created;
}

async function run(mcp: McpServers, key: string, args: Record<string, unknown> = {}): Promise<string> {
  const found = await mcp.find(key);
  if (!found) throw new Error(`no tool ${key}`);
  return (await found.tool.run(args, ctx())).output;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let http: FakeMcpHttp;
beforeAll(async () => {
  http = await startFakeMcpHttp();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((mcp) => mcp.close()));
});
afterAll(() => http.close());

describe('MCP servers from the YAML', () => {
  it('lists the tools of a stdio server at first use as <tool>_mcp_<server> and calls them', async () => {
    const mcp = servers({ local: stdio() });
    expect(mcp.connections.get('local')?.status).toBe('idle');
    expect(mcp.listed('add_mcp_local')).toBeUndefined();
    const tools = await mcp.list();
    expect(mcp.listed('add_mcp_local')?.tool.name).toBe('add_mcp_local');
    expect(tools.map(({ entry }) => entry.pluginKey)).toEqual([
      'add_mcp_local',
      'forecast_mcp_local',
      'slow_mcp_local',
      'fail_mcp_local',
      'pid_mcp_local',
      'crash_mcp_local',
    ]);
    const add = tools[0];
    expect(add?.entry).toMatchObject({
      name: 'add (local)',
      description: 'Adds two numbers.',
      authConfig: [],
    });
    expect(add?.tool.name).toBe('add_mcp_local');
    expect(add?.tool.parameters).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect(add?.tool.parameters).not.toHaveProperty('$schema');
    expect(await run(mcp, 'add_mcp_local', { a: 2, b: 3 })).toBe('5');
    await expect(run(mcp, 'fail_mcp_local')).rejects.toThrow('The fake tool failed on purpose.');
    expect(await mcp.find('add_mcp_nowhere')).toBeUndefined();
  }, 60_000);

  it('speaks streamable HTTP and legacy SSE', async () => {
    const mcp = servers({
      remote: { type: 'streamable-http', url: `${http.url}/mcp` },
      legacy: { url: `${http.url}/sse` },
    });
    expect(await run(mcp, 'forecast_mcp_remote', { city: 'Paris' })).toBe(
      'Paris: sunny, 21 °C, light wind from the west.',
    );
    expect(await run(mcp, 'add_mcp_legacy', { a: 40, b: 2 })).toBe('42');
    expect(http.calls).toEqual(expect.arrayContaining(['http:forecast', 'sse:add']));
  }, 30_000);

  it('fails a call clearly when the server crashes mid-call, then reconnects and lists its tools again', async () => {
    const mcp = servers({ local: stdio() });
    const firstPid = Number(await run(mcp, 'pid_mcp_local'));
    const crash = run(mcp, 'crash_mcp_local');
    await expect(crash).rejects.toBeInstanceOf(ToolError);
    await expect(crash).rejects.toThrow(
      'The MCP server "local" stopped during the call (its connection closed).',
    );
    // Right after, the server is down: its calls say so at once.
    await expect(run(mcp, 'add_mcp_local', { a: 1, b: 1 })).rejects.toThrow(
      /The MCP server "local" is not available \(.+\)\. Parley is reconnecting to it/,
    );
    await expect.poll(() => mcp.connections.get('local')?.status).toBe('ready');
    const secondPid = Number(await run(mcp, 'pid_mcp_local'));
    expect(secondPid).not.toBe(firstPid);
    expect(isAlive(firstPid)).toBe(false);
    expect(await run(mcp, 'add_mcp_local', { a: 1, b: 1 })).toBe('2');
  }, 60_000);

  it('fails the calls of an HTTP server that went away, and recovers when it is back', async () => {
    const own = await startFakeMcpHttp();
    const mcp = servers({ remote: { type: 'streamable-http', url: `${own.url}/mcp` } });
    expect(await run(mcp, 'add_mcp_remote', { a: 1, b: 2 })).toBe('3');
    const port = new URL(own.url).port;
    await own.close();
    await expect(run(mcp, 'add_mcp_remote', { a: 1, b: 2 })).rejects.toThrow(
      /^The MCP server "remote" could not be reached: /,
    );
    const back = await startFakeMcpHttp(Number(port));
    try {
      await expect
        .poll(() => run(mcp, 'add_mcp_remote', { a: 1, b: 2 }).catch((error: unknown) => String(error)))
        .toBe('3');
    } finally {
      await back.close();
    }
  }, 60_000);

  it('never fails the list for a server that is down; its tools are missing until it answers', async () => {
    const mcp = servers({
      broken: { type: 'stdio', command: '/nonexistent/mcp-server' },
      refused: { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp', initTimeout: 2_000 },
      remote: { type: 'streamable-http', url: `${http.url}/mcp` },
    });
    const keys = (await mcp.list()).map(({ entry }) => entry.pluginKey);
    expect(keys).toContain('add_mcp_remote');
    expect(keys.some((key) => key.endsWith('_mcp_broken') || key.endsWith('_mcp_refused'))).toBe(false);
    expect(mcp.connections.get('broken')?.status).toBe('down');
  }, 30_000);

  it('ends the stdio child when closed', async () => {
    const mcp = servers({ local: stdio() });
    const pid = Number(await run(mcp, 'pid_mcp_local'));
    expect(isAlive(pid)).toBe(true);
    await mcp.close();
    await expect.poll(() => isAlive(pid)).toBe(false);
    expect(mcp.connections.get('local')?.status).toBe('closed');
  }, 30_000);

  it('stops a call when its signal aborts', async () => {
    const mcp = servers({ remote: { type: 'streamable-http', url: `${http.url}/mcp` } });
    const slow = await mcp.find('slow_mcp_remote');
    const controller = new AbortController();
    const running = slow?.tool.run({ ms: 20_000 }, ctx(controller.signal));
    setTimeout(() => controller.abort(), 200);
    await expect(running).rejects.toThrow();
    expect(await run(mcp, 'add_mcp_remote', { a: 2, b: 2 })).toBe('4');
  }, 30_000);
});

describe('the YAML mcpServers schema', () => {
  const problem = (config: unknown) => {
    const parsed = mcpServersSchema.safeParse(config);
    return parsed.success ? undefined : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it("takes LibreChat's shapes", () => {
    expect(
      problem({
        files: { command: 'npx', args: ['-y', 'server'], env: { TOKEN: '${TOKEN}' }, timeout: 60000 },
        web: { type: 'streamable-http', url: 'https://mcp.example.com/mcp', headers: { A: 'b' } },
        http_alias: { type: 'http', url: 'https://mcp.example.com/mcp', initTimeout: 5000 },
        legacy: { url: 'http://localhost:3001/sse', iconPath: '/icon.svg' },
      }),
    ).toBeUndefined();
  });

  it('refuses what cannot work, naming the key', () => {
    expect(problem({ a: { type: 'stdio' } })).toEqual(['a.command: is required for a stdio server']);
    expect(problem({ a: { type: 'sse' } })).toEqual(['a.url: is required for a sse server']);
    expect(problem({ a: { command: 'x', url: 'http://h/' } })).toEqual([
      'a.url: is for URL servers (type streamable-http or sse), not stdio',
    ]);
    expect(problem({ a: { type: 'sse', url: 'http://h/', command: 'x' } })).toEqual([
      'a.command: is for stdio servers, not sse',
    ]);
    expect(problem({ a: { type: 'websocket', url: 'ws://h/' } })?.[0]).toMatch(
      /^a\.type: must be one of .*websocket servers are not supported/,
    );
    expect(problem({ a: { url: 'ftp://h/' } })).toEqual(['a.url: must be an http(s) URL']);
    expect(problem({ 'my server': { command: 'x' } })?.[0]).toMatch(/^my server: a server name may hold/);
    expect(problem({ x_mcp_y: { command: 'x' } })?.[0]).toMatch(/a server name may hold/);
    expect(problem({ a: { command: 'x', timeout: -1 } })?.[0]).toMatch(/^a\.timeout: /);
  });
});
