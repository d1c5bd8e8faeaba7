import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerResponse } from 'node:http';

/** Sends the event-stream headers at once, with Nagle off so every write leaves immediately. */
export function openEventStream(res: ServerResponse): void {
  res.socket?.setNoDelay(true);
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
}

/**
 * Writes one `data:` event; a string is written verbatim (e.g. `[DONE]`), anything else as JSON.
 * Resolves once the bytes are handed to the socket (or the response is gone), so a scripted drop
 * that follows never swallows chunks still sitting in a buffer.
 */
export function writeData(res: ServerResponse, data: unknown): Promise<void> {
  return writeFrame(res, `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

/** Writes one already-framed event (any vendor's framing) with the same guarantees as `writeData`. */
export function writeFrame(res: ServerResponse, frame: string): Promise<void> {
  if (res.destroyed || res.writableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    res.once('close', resolve);
    res.write(frame, () => {
      res.off('close', resolve);
      resolve();
    });
  });
}

/** Waits `ms`; rejects with an AbortError (and clears the timer) when the signal fires. */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  if (ms > 0) await sleep(ms, undefined, { signal });
}

/** Resolves once the signal fires; no timers involved. */
export function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
