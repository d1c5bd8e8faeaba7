// An HTTP response as one more subscriber of the generation log: it writes what the log holds, and going
// away only ends this subscription, never the run.
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { encodeSseFrame, SSE_PING } from '@parley/shared/stream/sse';
import type { LogEntry } from '../coordination/generation-log';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** Fires when the client goes away, so the subscription can stop. */
export function connectionSignal(raw: ServerResponse): AbortSignal {
  const controller = new AbortController();
  const onClose = () => controller.abort();
  raw.once('close', onClose);
  return controller.signal;
}

async function waitForDrain(raw: ServerResponse, signal: AbortSignal): Promise<void> {
  if (!raw.writableNeedDrain) return;
  await once(raw, 'drain', { signal }).catch(() => undefined);
}

/**
 * Opens the event stream and writes each entry as `id/event/data`, waiting for the socket to drain when it
 * is full; a `: ping` comment goes out every `pingMs` while the stream is idle. Ends after the last entry.
 */
export async function writeEventStream(
  raw: ServerResponse,
  entries: AsyncIterable<LogEntry>,
  options: { pingMs: number; signal: AbortSignal },
): Promise<void> {
  raw.writeHead(200, SSE_HEADERS);
  raw.flushHeaders();
  const ping = setInterval(() => {
    if (!raw.writableNeedDrain && !raw.writableEnded) raw.write(SSE_PING);
  }, options.pingMs);
  ping.unref();
  try {
    for await (const entry of entries) {
      if (options.signal.aborted || raw.writableEnded) break;
      raw.write(encodeSseFrame({ id: entry.seq, event: entry.type, data: entry.data }));
      await waitForDrain(raw, options.signal);
    }
  } finally {
    clearInterval(ping);
    if (!raw.writableEnded) raw.end();
  }
}
