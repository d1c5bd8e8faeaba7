// A cap on the length of one line of a provider's event stream: a 40 MB line must not be buffered whole by
// an SSE parser (ours or an SDK's) before anything can look at it.
import type { FetchLike } from '../../net/address-guard';
import { ProviderError } from '../types';

/** The longest line an upstream event stream may send; real events are a few KB at most. */
export const MAX_EVENT_LINE_BYTES = 4 * 1024 * 1024;

const LF = 0x0a;

function tooLong(maxBytes: number): ProviderError {
  const megabytes = Math.round(maxBytes / 1024 / 1024);
  return new ProviderError(
    'upstream',
    `The provider sent an event longer than ${megabytes} MB; the reply was cut there.`,
    {
      retryable: false,
    },
  );
}

/** The same bytes, failing with a ProviderError as soon as one line grows past `maxBytes`. */
export function limitLineLength(
  body: ReadableStream<Uint8Array>,
  maxBytes: number = MAX_EVENT_LINE_BYTES,
): ReadableStream<Uint8Array> {
  let lineBytes = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        for (let start = 0; ;) {
          const lineEnd = chunk.indexOf(LF, start);
          lineBytes += (lineEnd < 0 ? chunk.length : lineEnd) - start;
          if (lineBytes > maxBytes) {
            controller.error(tooLong(maxBytes));
            return;
          }
          if (lineEnd < 0) break;
          lineBytes = 0;
          start = lineEnd + 1;
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

/** A fetch whose event-stream responses have their lines capped (for the SDKs' `fetch` option). */
export function withLineLimit(inner: FetchLike, maxBytes: number = MAX_EVENT_LINE_BYTES): FetchLike {
  return async (input, init) => {
    const response = await inner(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !type.includes('text/event-stream')) return response;
    return new Response(limitLineLength(response.body, maxBytes), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
