import type { IncomingMessage } from 'node:http';

/**
 * Reads and drops what is left of a request body the server has stopped reading (an upload refused
 * mid-body), so the client, still sending, gets to read the answer and the connection can be reused. Past
 * `maxBytes` more the connection is closed instead: refusing an upload never costs more than that.
 */
export function discardRequestBody(request: IncomingMessage, maxBytes: number): void {
  if (request.readableEnded || request.destroyed) return;
  // The multipart parser may still be attached; nothing is to reach it any more.
  request.unpipe();
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) request.destroy();
  });
  request.resume();
}
