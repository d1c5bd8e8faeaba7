import { describe, expect, it } from 'vitest';
import { encodeSseFrame, SSE_PING } from '@parley/shared/stream/sse';
import { readEventStream, type EventSourceMessage } from './sse';

/** A Response whose body arrives in the given chunks (split anywhere, as the network does). */
function chunked(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } });
}

describe('readEventStream', () => {
  it('hands over each event with its id and name, across chunk boundaries, skipping pings', async () => {
    const wire =
      encodeSseFrame({ id: 1, event: 'created', data: '{"type":"created"}' }) +
      SSE_PING +
      encodeSseFrame({ id: 2, event: 'text', data: '{"type":"text","text":"hé"}' });
    const cut = Math.floor(wire.length / 2);
    const seen: EventSourceMessage[] = [];
    await readEventStream(chunked([wire.slice(0, cut), wire.slice(cut)]), (message) => seen.push(message));
    expect(seen).toEqual([
      { id: '1', event: 'created', data: '{"type":"created"}' },
      { id: '2', event: 'text', data: '{"type":"text","text":"hé"}' },
    ]);
  });

  it('rejects when aborted mid-stream', async () => {
    const controller = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(encodeSseFrame({ id: 1, data: '{}' })));
      },
    });
    const reading = readEventStream(new Response(stream), () => controller.abort(), controller.signal);
    await expect(reading).rejects.toThrow();
  });
});
