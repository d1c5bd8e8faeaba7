// The provider request of a turn, sent as soon as its prompt is ready and every check has passed, so the
// reply's first bytes travel while the turn is being saved. What arrives meanwhile waits in the provider's
// stream until the run reads it, after `created`.
import type { ChatProvider, ChatRequest, ProviderEvent } from '../providers/types';

export interface Upstream {
  /** The provider's events, the first one already asked for. Read them once. */
  readonly events: AsyncIterable<ProviderEvent>;
  /** Cancels the request; the events then end (or throw) soon. Safe to call more than once. */
  abort(): void;
}

/** Sends the request now: asks the provider's stream for its first event without waiting for it. */
export function startUpstream(provider: ChatProvider, request: ChatRequest): Upstream {
  const controller = new AbortController();
  const iterator = provider.stream(request, controller.signal)[Symbol.asyncIterator]();
  let first: Promise<IteratorResult<ProviderEvent>> | undefined = iterator.next();
  // Whoever reads the events sees this outcome; a turn that never runs only aborts it.
  first.catch(() => undefined);
  let taken = false;
  const events: AsyncIterator<ProviderEvent> = {
    next: () => {
      const next = first ?? iterator.next();
      first = undefined;
      return next;
    },
    return: async (value?: unknown) => {
      controller.abort();
      return (await iterator.return?.(value)) ?? { done: true, value: undefined };
    },
  };
  return {
    events: {
      [Symbol.asyncIterator]: () => {
        if (taken) throw new Error('the provider events of a turn can be read only once');
        taken = true;
        return events;
      },
    },
    abort: () => controller.abort(),
  };
}

/** The same request; `onFirst` is called once, when its first event is read (an assistant's run starts). */
export function onFirstEvent(upstream: Upstream, onFirst: () => void): Upstream {
  return {
    events: {
      [Symbol.asyncIterator]: () => {
        const inner = upstream.events[Symbol.asyncIterator]();
        let waiting = true;
        return {
          next: async () => {
            const result = await inner.next();
            if (waiting && !result.done) onFirst();
            waiting = false;
            return result;
          },
          return: async (value?: unknown) =>
            (await inner.return?.(value)) ?? { done: true as const, value: undefined },
        };
      },
    },
    abort: () => upstream.abort(),
  };
}
