// The `data:` payloads of a server-sent event stream, as they arrive.
import { createParser } from 'eventsource-parser';

export async function* readSseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const pending: string[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event.data) });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    yield* pending.splice(0);
  }
}
