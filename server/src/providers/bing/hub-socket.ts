// A ChatHub WebSocket speaking SignalR's JSON protocol: records are JSON texts ending in \x1e. Buffers
// what arrives and hands it out one record at a time, honouring an abort signal while waiting.
import type { RawData, WebSocket } from 'ws';
import { lazyModule } from '../../lib/lazy-module';
import { ProviderError } from '../types';
import { bingHttpError } from './map-bing-error';

/** `ws`, loaded with the first Bing conversation (docs/decisions.md "Idle memory"). */
const wsModule = lazyModule(() => import('ws'));

export const RECORD_SEPARATOR = '\x1e';
const MAX_ERROR_BODY = 64 * 1024;

interface Ended {
  code?: number;
  reason?: string;
  error?: Error;
}

function recordsOf(data: RawData): string[] {
  const text = Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : Buffer.from(new Uint8Array(data)).toString('utf8');
  return text.split(RECORD_SEPARATOR).filter((record) => record.trim() !== '');
}

function parseRecord(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ProviderError('upstream', 'Bing sent an unreadable ChatHub record.', { cause: error });
  }
}

function closedError(ended: Ended): ProviderError {
  if (ended.error) {
    const message = `The Bing ChatHub connection failed: ${ended.error.message}`;
    return new ProviderError('network', message, { cause: ended.error });
  }
  const reason = ended.reason ? `: ${ended.reason}` : '';
  return new ProviderError(
    'network',
    `The Bing ChatHub connection closed before the reply was complete (code ${ended.code ?? 'none'}${reason}).`,
  );
}

export class HubSocket {
  private readonly pending: string[] = [];
  private wake: (() => void) | undefined;
  private ended: Ended | undefined;
  private upgradeError: ProviderError | undefined;
  private opened = false;
  private pinger: NodeJS.Timeout | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('open', () => this.change(() => (this.opened = true)));
    ws.on('message', (data) => this.change(() => this.pending.push(...recordsOf(data))));
    ws.on('close', (code, reason) => this.change(() => (this.ended ??= { code, reason: reason.toString() })));
    ws.on('error', (error) => this.change(() => (this.ended ??= { error })));
    ws.on('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ERROR_BODY) chunks.push(chunk);
      });
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.change(
          () => (this.upgradeError = bingHttpError(res.statusCode ?? 0, body, 'ChatHub connection')),
        );
        ws.terminate();
      });
    });
  }

  /** Opens the socket; fails with the upgrade's HTTP status, a network error, or the signal's abort. */
  static async connect(url: string, signal: AbortSignal): Promise<HubSocket> {
    const ws = await wsModule.load();
    const socket = new HubSocket(new ws.WebSocket(url));
    try {
      while (!socket.opened) {
        if (socket.upgradeError) throw socket.upgradeError;
        if (socket.ended) throw closedError(socket.ended);
        await socket.changed(signal);
      }
    } catch (error) {
      socket.close();
      throw error;
    }
    return socket;
  }

  /** Sends the protocol handshake and checks the server's answer (`{}`, or `{"error": …}`). */
  async handshake(signal: AbortSignal): Promise<void> {
    this.send({ protocol: 'json', version: 1 });
    const answer = await this.next(signal);
    if (typeof answer === 'object' && answer !== null && 'error' in answer && answer.error) {
      throw new ProviderError('upstream', `Bing refused the ChatHub handshake: ${String(answer.error)}`);
    }
  }

  /** Keeps the connection alive with type-6 pings, as Bing's web client does. */
  startPings(intervalMs: number): void {
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.send({ type: 6 }), intervalMs);
    this.pinger.unref();
  }

  send(record: unknown): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(`${JSON.stringify(record)}${RECORD_SEPARATOR}`);
  }

  /** The next record; throws a network ProviderError once the socket closed and nothing is left. */
  async next(signal: AbortSignal): Promise<unknown> {
    for (;;) {
      const text = this.pending.shift();
      if (text !== undefined) return parseRecord(text);
      if (this.ended) throw closedError(this.ended);
      await this.changed(signal);
    }
  }

  /** Stops pinging and closes: politely after a complete reply, at once otherwise. */
  close(graceful = false): void {
    clearInterval(this.pinger);
    if (graceful && this.ws.readyState === this.ws.OPEN) this.ws.close(1000);
    else this.ws.terminate();
  }

  private change(apply: () => unknown): void {
    apply();
    this.wake?.();
  }

  private changed(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.wake = undefined;
        reject(signal.reason);
      };
      this.wake = () => {
        this.wake = undefined;
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
