type Task = () => void;

/** Browsers without requestIdleCallback (Safari) get a short timer instead. */
const requestIdle: (run: () => void) => void =
  typeof requestIdleCallback === 'function'
    ? (run) => requestIdleCallback(run, { timeout: 300 })
    : (run) => setTimeout(run, 16);

/**
 * Work that can wait for an idle moment, one task per idle callback (so each runs in its own short task,
 * never all of them in one long one), first come first served. `schedule` answers a cancel function.
 */
export function createIdleQueue(request: (run: () => void) => void = requestIdle) {
  const tasks = new Set<Task>();
  let pending = false;

  const runNext = () => {
    pending = false;
    const next = tasks.values().next();
    if (next.done) return;
    tasks.delete(next.value);
    if (tasks.size > 0) {
      pending = true;
      request(runNext);
    }
    next.value();
  };

  return {
    schedule(task: Task): () => void {
      // A task object of its own, so the same function can be queued twice and cancelled once.
      const entry: Task = () => task();
      tasks.add(entry);
      if (!pending) {
        pending = true;
        request(runNext);
      }
      return () => tasks.delete(entry);
    },
    get size() {
      return tasks.size;
    },
  };
}

/** The page's queue for deferred rendering (Markdown of rows scrolled into view). */
export const idleQueue = createIdleQueue();
