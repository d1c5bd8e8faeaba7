import type { ChatProvider, ChatRequest, ProviderEvent } from '../types';

export interface TimedEvent {
  event: ProviderEvent;
  /** Milliseconds since the stream was requested. */
  at: number;
}

export interface Collected {
  events: TimedEvent[];
  /** What the iteration threw, if it threw. */
  error: unknown;
  /** Milliseconds since the stream was requested when the iteration ended (returned or threw). */
  endedAt: number;
}

/** Drains one stream, timing every event; `onEvent` may abort the signal mid-stream. */
export async function collectEvents(
  provider: ChatProvider,
  request: ChatRequest,
  signal: AbortSignal,
  onEvent?: (event: ProviderEvent) => void,
): Promise<Collected> {
  const started = performance.now();
  const events: TimedEvent[] = [];
  let error: unknown;
  try {
    for await (const event of provider.stream(request, signal)) {
      events.push({ event, at: performance.now() - started });
      onEvent?.(event);
    }
  } catch (caught) {
    error = caught;
  }
  return { events, error, endedAt: performance.now() - started };
}

export function textOf(events: TimedEvent[]): string {
  return events.map(({ event }) => (event.type === 'text-delta' ? event.delta : '')).join('');
}

export function finishesOf(events: TimedEvent[]): TimedEvent[] {
  return events.filter(({ event }) => event.type === 'finish');
}

/** `promise`'s value, or 'timed-out' when it takes longer than `ms`. */
export async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | 'timed-out'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
