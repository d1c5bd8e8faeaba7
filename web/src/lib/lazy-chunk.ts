import { createElement, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { createIdleQueue } from './markdown/idle-queue';

/** A component from a chunk of its own, loaded on first render or ahead of it with `preload`. */
export type LazyChunk<P extends object> = ((props: P) => ReactNode) & {
  /** Fetches and evaluates the chunk; never rejects (a failed fetch is tried again on the next call). */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` with a `preload`: both share one fetch, and a failed fetch is forgotten, so a later preload
 * or first render tries again instead of keeping the error. Once the chunk is in, new instances render the
 * component directly: a prefetched dialog opens without suspending, not even for a microtask.
 */
export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>): LazyChunk<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const loadOnce = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(loadOnce);
  function LazyChunkComponent(props: P) {
    // Chosen once per instance: switching from the lazy wrapper to the component would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(LazyChunkComponent, {
    preload: () =>
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/** Prefetches run one per idle callback, after whatever the page is busy with. */
const prefetchQueue = createIdleQueue();

/** Schedules each chunk's preload in an idle moment; answers a function that cancels those not yet run. */
export function prefetchWhenIdle(
  chunks: readonly { preload: () => Promise<void> }[],
  queue: Pick<typeof prefetchQueue, 'schedule'> = prefetchQueue,
): () => void {
  const cancels = chunks.map((chunk) => queue.schedule(() => void chunk.preload()));
  return () => cancels.forEach((cancel) => cancel());
}

/**
 * Prefetches the lazy pieces a component may open soon (its dialogs, menus, results view) once the page is
 * idle after it mounted, so opening one does not wait on the network.
 */
export function usePrefetchWhenIdle(...chunks: { preload: () => Promise<void> }[]): void {
  // The chunks are module-level constants: scheduling once per mount is enough.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  useEffect(() => prefetchWhenIdle(chunks), []);
}

/**
 * True from the first time `value` is true: a lazily loaded piece stays mounted once it was wanted, so its
 * closing (focus return, exit state) behaves as if it had always been there.
 */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}
