// One configured MCP server as the tools see it: connected at first use, its tools listed then and again on
// every reconnect (or when it says they changed); down → calls fail at once with a clear message while a
// reconnect waits its backoff. Closing it ends a stdio child.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { lazyModule } from '../../lib/lazy-module';
import { ToolError } from '../tool';

export type McpTransportSettings =
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string> }
  | { type: 'streamable-http' | 'sse'; url: string; headers: Record<string, string> };

export interface McpServerSettings {
  name: string;
  transport: McpTransportSettings;
  /** Time limit of one tool call (the agent's own limit still applies). */
  timeoutMs: number;
  /** Time limit of connecting and listing the tools. */
  initTimeoutMs: number;
  iconPath?: string | undefined;
}

export interface McpToolInfo {
  name: string;
  title?: string | undefined;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface McpLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface McpConnectionOptions {
  logger?: McpLogger | undefined;
  /** First reconnect delay; doubled after each failure up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Heard after each successful (re)connection with the fresh list. */
  onTools?: (tools: readonly McpToolInfo[]) => void;
}

type State = 'idle' | 'connecting' | 'ready' | 'down' | 'closed';

const CLIENT_INFO = { name: 'parley', version: '1.0.0' };

/** The MCP SDK, loaded at the first connection (docs/decisions.md "Idle memory"). */
const mcpSdk = lazyModule(async () => {
  const [client, sse, stdio, streamableHttp, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return {
    Client: client.Client,
    SSEClientTransport: sse.SSEClientTransport,
    StdioClientTransport: stdio.StdioClientTransport,
    StreamableHTTPClientTransport: streamableHttp.StreamableHTTPClientTransport,
    ErrorCode: types.ErrorCode,
    McpError: types.McpError,
  };
});
const MAX_STDERR_LINE = 500;

function errorText(error: unknown): string {
  const McpError = mcpSdk.ifLoaded()?.McpError;
  if (McpError && error instanceof McpError) return error.message.replace(/^MCP error -?\d+: /, '');
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** Tool parameters as the agent's validator and the providers take them: an object schema, no `$schema`. */
function parametersOf(inputSchema: Tool['inputSchema']): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = inputSchema as Record<string, unknown>;
  return { ...rest, type: 'object', properties: rest.properties ?? {} };
}

export class McpConnection {
  private state: State = 'idle';
  private client: Client | undefined;
  private connecting: Promise<void> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private lastError = '';
  private known: McpToolInfo[] = [];

  constructor(
    readonly settings: McpServerSettings,
    private readonly options: McpConnectionOptions = {},
  ) {}

  /** The tools last listed (empty before the first connection). */
  get tools(): readonly McpToolInfo[] {
    return this.known;
  }

  get status(): State {
    return this.state;
  }

  /** The stdio child's process id while it runs (for tests and logs). */
  get pid(): number | null {
    const transport = this.client?.transport;
    const sdk = mcpSdk.ifLoaded();
    return sdk && transport instanceof sdk.StdioClientTransport ? transport.pid : null;
  }

  /**
   * Connects at first use and answers the tools; waits at most `initTimeoutMs` for a connection under way.
   * A server that cannot be reached answers the tools it last listed (none if it never answered).
   */
  async listTools(): Promise<readonly McpToolInfo[]> {
    try {
      await this.ready();
    } catch {
      // Down: its calls will say so; the list is what it was.
    }
    return this.known;
  }

  /** Calls a tool; throws ToolError with a message the model and the user can read. */
  async callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    await this.ready();
    const client = this.client;
    if (!client) throw this.unavailable();
    try {
      const result = await client.callTool({ name, arguments: args }, undefined, {
        signal,
        timeout: this.settings.timeoutMs,
      });
      return result as CallToolResult;
    } catch (error) {
      if (signal.aborted) throw error;
      throw this.callFailure(client, error);
    }
  }

  async close(): Promise<void> {
    this.state = 'closed';
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.close().catch(() => undefined);
  }

  private unavailable(): ToolError {
    const why = this.lastError === '' ? '' : ` (${this.lastError})`;
    return new ToolError(
      `The MCP server "${this.settings.name}" is not available${why}. Parley is reconnecting to it; ` +
        'try again shortly.',
    );
  }

  private callFailure(client: Client, error: unknown): ToolError {
    const server = `The MCP server "${this.settings.name}"`;
    const { ErrorCode, McpError } = mcpSdk.loaded();
    if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) {
      this.lost(client, 'the connection closed during a call');
      return new ToolError(`${server} stopped during the call (its connection closed).`, { cause: error });
    }
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return new ToolError(`${server} did not answer within ${this.settings.timeoutMs / 1000} s.`, {
        cause: error,
      });
    }
    if (error instanceof McpError) {
      return new ToolError(`${server} refused the call: ${errorText(error)}`, { cause: error });
    }
    // Not an answer of the server: the transport failed (a dropped connection, a refused request).
    this.lost(client, errorText(error));
    return new ToolError(`${server} could not be reached: ${errorText(error)}.`, { cause: error });
  }

  private async ready(): Promise<void> {
    if (this.state === 'ready') return;
    if (this.state === 'closed') throw new ToolError(`The MCP server "${this.settings.name}" is shut down.`);
    if (this.state === 'down') throw this.unavailable();
    if (!mcpSdk.ifLoaded()) {
      await mcpSdk.load();
      return this.ready(); // the state may have moved on meanwhile
    }
    this.connecting ??= this.connect();
    await this.connecting;
  }

  private async connect(): Promise<void> {
    this.state = 'connecting';
    const { name, initTimeoutMs } = this.settings;
    const client = new (mcpSdk.loaded().Client)(CLIENT_INFO, {
      listChanged: {
        tools: {
          onChanged: (error, tools) => {
            if (!error && tools && this.client === client) this.known = tools.map(toolInfo);
          },
        },
      },
    });
    this.client = client;
    try {
      const transport = this.transport();
      client.onclose = () => this.lost(client, 'the connection closed');
      client.onerror = (error) =>
        this.options.logger?.warn({ mcpServer: name, err: error }, 'MCP transport error');
      await client.connect(transport, { timeout: initTimeoutMs });
      const tools: McpToolInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor }, {
          timeout: initTimeoutMs,
        });
        tools.push(...page.tools.map(toolInfo));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      if (this.client !== client) throw new Error('the connection closed while listing its tools');
      this.known = tools;
      this.state = 'ready';
      this.failures = 0;
      this.lastError = '';
      this.options.logger?.info({ mcpServer: name, tools: tools.length }, 'MCP server connected');
      this.options.onTools?.(tools);
    } catch (error) {
      this.lost(client, errorText(error));
      throw this.unavailable();
    } finally {
      this.connecting = undefined;
    }
  }

  /** The connection is gone (or never came): close what is left and reconnect after a backoff. */
  private lost(client: Client, reason: string): void {
    if (this.client !== client || this.state === 'closed') return;
    this.client = undefined;
    this.state = 'down';
    this.lastError = reason;
    void client.close().catch(() => undefined);
    const base = this.options.backoffMs ?? 1_000;
    const delay = Math.min(base * 2 ** this.failures, this.options.maxBackoffMs ?? 30_000);
    this.failures += 1;
    this.options.logger?.warn(
      { mcpServer: this.settings.name, reason, retryInMs: delay },
      'MCP server unavailable; reconnecting',
    );
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      if (this.state !== 'down') return;
      this.state = 'idle';
      this.connecting ??= this.connect();
      this.connecting.catch(() => undefined);
    }, delay);
    this.reconnectTimer.unref();
  }

  private transport(): Transport {
    const settings = this.settings.transport;
    const sdk = mcpSdk.loaded();
    if (settings.type === 'stdio') {
      const transport = new sdk.StdioClientTransport({
        command: settings.command,
        args: settings.args,
        env: settings.env,
        stderr: 'pipe',
      });
      this.logStderr(transport);
      return transport;
    }
    const requestInit = { headers: settings.headers };
    const url = new URL(settings.url);
    return settings.type === 'sse'
      ? new sdk.SSEClientTransport(url, { requestInit })
      : new sdk.StreamableHTTPClientTransport(url, { requestInit });
  }

  /** A child's stderr goes to the log a line at a time (never to our own stderr). */
  private logStderr(transport: StdioClientTransport): void {
    let pending = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      if (pending.length > MAX_STDERR_LINE) pending = pending.slice(-MAX_STDERR_LINE);
      for (const line of lines) {
        if (line.trim() === '') continue;
        this.options.logger?.info({ mcpServer: this.settings.name, stderr: line.slice(0, MAX_STDERR_LINE) });
      }
    });
  }
}

function toolInfo(tool: Tool): McpToolInfo {
  return {
    name: tool.name,
    title: tool.title ?? tool.annotations?.title,
    description: tool.description ?? '',
    inputSchema: parametersOf(tool.inputSchema),
  };
}
