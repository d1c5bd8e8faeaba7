import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ScriptedReply {
  text?: string;
  chunks?: string[];
  chunkSize?: number;
  delayMs?: number;
  firstChunkDelayMs?: number;
  finishReason?: 'stop' | 'length' | 'content_filter' | 'tool_calls';
  /** What the reply reports it used (default: counted from the prompt and the text). */
  usage?: { prompt_tokens: number; completion_tokens: number };
  error?: { status: number; code?: string | null; message?: string; type?: string };
  dropAfterChunks?: number;
  stallAfterChunks?: number;
  /** Pause after this many deltas until `release()`; a "while it streams" check then cannot race the clock. */
  holdAfterChunks?: number;
  /** Function calls the model makes (their JSON arguments streamed in pieces). */
  toolCalls?: { id: string; name: string; arguments: string }[];
  /** Answer with `text` followed by what the last tool call returned (the request's last `tool` message). */
  quoteToolOutput?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A request one of the tool vendors' fakes (`/vendor/*`) got. */
export interface VendorRequest extends RecordedRequest {
  query: Record<string, string>;
}

/** The fake OpenAI server (fakes/src/main.ts) in its own process, scripted over its control routes. */
export interface FakeOpenAIProcess {
  url: string;
  script(input: { replies?: ScriptedReply[]; apiKey?: string | null; models?: string[] }): Promise<void>;
  /** Lets the streams held by `holdAfterChunks` go on (the next hold passes at once if none is held yet). */
  release(): Promise<void>;
  reset(): Promise<void>;
  requests(): Promise<RecordedRequest[]>;
  /** The chat completion requests only (title generation included), oldest first. */
  chatRequests(): Promise<RecordedRequest[]>;
  /** What the tool vendors' fakes were asked (emptied by `reset` too), oldest first. */
  vendorRequests(): Promise<VendorRequest[]>;
  stop(): Promise<void>;
}

async function control(url: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${url}/__control/${path}`, {
    method: body === undefined && path === 'requests' ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? (path === 'requests' ? undefined : '{}') : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function startFakeOpenAI(): Promise<FakeOpenAIProcess> {
  const child = spawn(`${ROOT}node_modules/.bin/tsx`, ['fakes/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`fake OpenAI did not start:\n${output}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /FAKE_OPENAI_URL=(\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`fake OpenAI exited with ${code}:\n${output}`)));
  });
  const requests = async () => ((await control(url, 'requests')) as { requests: RecordedRequest[] }).requests;
  return {
    url,
    script: async (input) => void (await control(url, 'script', input)),
    release: async () => void (await control(url, 'release')),
    reset: async () => void (await control(url, 'reset')),
    requests,
    chatRequests: async () =>
      (await requests()).filter((request) => request.path.endsWith('/chat/completions')),
    vendorRequests: async () => {
      const response = await fetch(`${url}/vendor/__control/requests`);
      if (!response.ok) throw new Error(`fake vendors: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { requests: VendorRequest[] }).requests;
    },
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
