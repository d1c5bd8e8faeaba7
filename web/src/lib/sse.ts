import { createParser, type EventSourceMessage } from 'eventsource-parser';

export type { EventSourceMessage };

/**
 * Reads a `text/event-stream` response body to its end, handing each event to `onMessage` (with its `id`,
 * for `Last-Event-ID` resumes). fetch + eventsource-parser rather than EventSource, which cannot POST.
 * Resolves when the server ends the stream; rejects when the connection drops or `signal` aborts.
 */
export async function readEventStream(
  response: Response,
  onMessage: (message: EventSourceMessage) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (!response.body) return;
  const parser = createParser({ onEvent: onMessage });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
    parser.reset({ consume: true });
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
  if (signal?.aborted)
    throw signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}
