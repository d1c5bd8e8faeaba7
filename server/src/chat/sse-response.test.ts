import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogEntry } from '../coordination/generation-log';
import { connectionSignal, writeEventStream } from './sse-response';

let server: Server | undefined;
/** The server's side of the last stream served. */
let served: ServerResponse | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Serves `entries` as an event stream on a free port; resolves to its URL. */
async function serve(entries: () => AsyncIterable<LogEntry>, pingMs: number): Promise<string> {
  server = createServer((_req, res) => {
    served = res;
    void writeEventStream(res, entries(), { pingMs, signal: connectionSignal(res) });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server?.address() as AddressInfo).port}`;
}

const open = (url: string) => new Promise<IncomingMessage>((resolve) => get(url, resolve));

describe('writeEventStream', () => {
  it('frames entries as id/event/data and sends a ping comment while idle', async () => {
    // The run stays idle until the client has read two pings.
    let twoPings: () => void = () => undefined;
    const pinged = new Promise<void>((resolve) => (twoPings = resolve));
    const url = await serve(async function* () {
      yield { seq: 1, type: 'created', data: '{"type":"created"}', last: false };
      await pinged;
      yield { seq: 2, type: 'final', data: '{"type":"final"}', last: true };
    }, 50);
    const response = await open(url);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    let body = '';
    for await (const chunk of response) {
      body += String(chunk);
      if ((body.match(/: ping\n\n/g)?.length ?? 0) >= 2) twoPings();
    }
    expect(body.startsWith('id: 1\nevent: created\ndata: {"type":"created"}\n\n')).toBe(true);
    expect(body.endsWith('id: 2\nevent: final\ndata: {"type":"final"}\n\n')).toBe(true);
    expect(body.match(/: ping\n\n/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });

  it('stops pulling entries while the client does not read, and delivers all of them in order after', async () => {
    const big = 'x'.repeat(64 * 1024);
    let pulled = 0;
    const url = await serve(async function* () {
      for (let seq = 1; seq <= 200; seq++) {
        pulled = seq;
        yield { seq, type: 'text', data: big, last: seq === 200 };
      }
    }, 10_000);
    const response = await open(url);
    response.pause();
    // The writer waits for the socket to drain: from then on it pulls nothing until the client reads.
    await expect.poll(() => served?.listenerCount('drain') ?? 0).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(200);
    response.resume();
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(Buffer.from(chunk as Buffer));
    const ids = [
      ...Buffer.concat(chunks)
        .toString()
        .matchAll(/^id: (\d+)$/gm),
    ].map((match) => Number(match[1]));
    expect(ids).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });
});
