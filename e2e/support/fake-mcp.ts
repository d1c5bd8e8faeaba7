import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The HTTP fake MCP server (fakes/src/mcp-main.ts) in its own process: streamable HTTP at `/mcp`, SSE at `/sse`. */
export interface FakeMcpProcess {
  url: string;
  stop(): Promise<void>;
}

export async function startFakeMcp(): Promise<FakeMcpProcess> {
  const child: ChildProcess = spawn(`${ROOT}node_modules/.bin/tsx`, ['fakes/src/mcp-main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`fake MCP did not start:\n${output}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /FAKE_MCP_URL=(\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`fake MCP exited with ${code}:\n${output}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A YAML `mcpServers` block: the stdio fake as `local` (Node with tsx's loader) and the HTTP fake as `remote`. */
export function mcpServersYaml(httpUrl: string): string {
  const loader = new URL('node_modules/tsx/dist/loader.mjs', `file://${ROOT}`).href;
  const script = `${ROOT}fakes/src/mcp-stdio.ts`;
  return [
    'mcpServers:',
    '  local:',
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: ${JSON.stringify(['--import', loader, script])}`,
    // Starting Node with tsx's loader takes seconds on a loaded machine; the start is not what is tested.
    '    initTimeout: 60000',
    '  remote:',
    '    type: streamable-http',
    `    url: ${httpUrl}/mcp`,
    '',
  ].join('\n');
}
