// Slots of the interpreter pool shared fairly: at most `capacity` runs at once on this server, at most `perUser`
// of them one user's (so one user's endless loops leave room for everybody else), and waiting runs are served
// user by user in turn. Queues are short and bounded: past them the caller is told the pool is busy.
import { SandboxBusyError } from './types';

export interface FairSlotsOptions {
  capacity: number;
  perUser: number;
  /** Runs of one user waiting at most. */
  perUserQueue: number;
  /** Runs waiting on the server at most. */
  queue: number;
}

interface Waiter {
  userId: string;
  grant: () => void;
}

export interface FairSlots {
  /** Waits for a slot; the returned function gives it back. Throws SandboxBusyError when the queue is full. */
  acquire(userId: string, signal?: AbortSignal): Promise<() => void>;
  running(userId?: string): number;
  waiting(): number;
}

export function createFairSlots(options: FairSlotsOptions): FairSlots {
  const runningBy = new Map<string, number>();
  /** Waiting runs per user, users in the order they are served next. */
  const queues = new Map<string, Waiter[]>();
  let running = 0;
  let waiting = 0;

  const runningOf = (userId: string): number => runningBy.get(userId) ?? 0;

  function take(userId: string): () => void {
    running += 1;
    runningBy.set(userId, runningOf(userId) + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      running -= 1;
      const left = runningOf(userId) - 1;
      if (left > 0) runningBy.set(userId, left);
      else runningBy.delete(userId);
      dispatch();
    };
  }

  /** Grants free slots to the next users in turn who are under their share. */
  function dispatch(): void {
    for (const [userId, queue] of queues) {
      if (running >= options.capacity) return;
      if (runningOf(userId) >= options.perUser) continue;
      const next = queue.shift();
      if (!next) continue;
      waiting -= 1;
      // Served: this user goes to the back of the line.
      queues.delete(userId);
      if (queue.length > 0) queues.set(userId, queue);
      next.grant();
    }
  }

  return {
    running: (userId) => (userId === undefined ? running : runningOf(userId)),
    waiting: () => waiting,
    acquire(userId, signal) {
      if (signal?.aborted) return Promise.reject(new Error('The run was stopped.'));
      const queued = queues.get(userId)?.length ?? 0;
      if (queued === 0 && running < options.capacity && runningOf(userId) < options.perUser) {
        return Promise.resolve(take(userId));
      }
      if (queued >= options.perUserQueue || waiting >= options.queue) {
        return Promise.reject(new SandboxBusyError());
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          userId,
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(take(userId));
          },
        };
        const onAbort = (): void => {
          const queue = queues.get(userId);
          const at = queue?.indexOf(waiter) ?? -1;
          if (queue && at >= 0) {
            queue.splice(at, 1);
            waiting -= 1;
            if (queue.length === 0) queues.delete(userId);
          }
          reject(new Error('The run was stopped.'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const queue = queues.get(userId) ?? [];
        queue.push(waiter);
        queues.set(userId, queue);
        waiting += 1;
      });
    },
  };
}
