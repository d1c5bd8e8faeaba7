/** One server-sent event as a journey sees it; `at` is when it arrived (ms since the epoch). */
export interface StreamEvent {
  id: number;
  event: string;
  data: Record<string, unknown>;
  at: number;
}

function parseFrame(frame: string): StreamEvent | undefined {
  let id = 0;
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = Number(value);
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  return { id, event, data: JSON.parse(data.join('\n')) as Record<string, unknown>, at: Date.now() };
}

/** A chat response (`text/event-stream`) read as it arrives, for journeys driven with fetch. */
export class EventStream {
  readonly events: StreamEvent[] = [];
  readonly done: Promise<void>;
  private ended = false;

  constructor(readonly response: Response) {
    this.done = this.pump().finally(() => (this.ended = true));
  }

  private async pump(): Promise<void> {
    if (!this.response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of this.response.body) {
        buffer += decoder.decode(chunk, { stream: true }).replaceAll('\r\n', '\n');
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const parsed = parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (parsed) this.events.push(parsed);
        }
      }
    } catch {
      // The journey aborted the request.
    }
  }

  types(): string[] {
    return this.events.map((e) => e.event);
  }

  /** The text deltas joined. */
  text(): string {
    return this.events
      .filter((e) => e.event === 'text')
      .map((e) => String(e.data.text))
      .join('');
  }

  /** Polls until an event matches; fails when the stream ends first or after `timeoutMs`. */
  async waitFor(match: (event: StreamEvent) => boolean, timeoutMs = 30_000): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (this.ended || Date.now() > deadline) {
        throw new Error(`no such event; got ${this.types().join(',') || 'none'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
