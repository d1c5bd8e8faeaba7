import {
  ENDED_RETENTION_MS,
  type AbortBus,
  type GenerationLog,
  type GenerationMeta,
  type GenerationWriter,
  type LogEntry,
} from './generation-log';

interface Run {
  meta: GenerationMeta;
  entries: LogEntry[];
  ended: boolean;
  /** Readers waiting for the next entry. */
  wake: Set<() => void>;
}

const slotKey = (userId: string, conversationId: string, messageId?: string) =>
  messageId === undefined ? `${userId}:${conversationId}` : `${userId}:${conversationId}:${messageId}`;

/** Every slot a run holds: its conversation's, and one per message id it can be found by. */
const slotsOf = (meta: GenerationMeta): string[] => [
  slotKey(meta.userId, meta.conversationId),
  ...(meta.messageIds ?? []).map((id) => slotKey(meta.userId, meta.conversationId, id)),
];

/** The in-process log; `has` tells whether it holds a run (this process's, not yet forgotten). */
export interface MemoryGenerationLog extends GenerationLog {
  has(generationId: string): boolean;
}

/** The generation log of a single process: entries in memory, readers woken on append. */
export function createMemoryGenerationLog(options: { retainMs?: number } = {}): MemoryGenerationLog {
  const retainMs = options.retainMs ?? ENDED_RETENTION_MS;
  const runs = new Map<string, Run>();
  const active = new Map<string, string>();
  const timers = new Set<NodeJS.Timeout>();

  const push = (run: Run, type: string, data: string, last: boolean): number => {
    if (run.ended) throw new Error(`generation ${run.meta.generationId} has already ended`);
    const seq = run.entries.length + 1;
    run.entries.push({ seq, type, data, last });
    if (last) run.ended = true;
    for (const wake of run.wake) wake();
    run.wake.clear();
    return seq;
  };

  const endRun = (run: Run) => {
    for (const key of slotsOf(run.meta)) if (active.get(key) === run.meta.generationId) active.delete(key);
    const timer = setTimeout(() => {
      timers.delete(timer);
      runs.delete(run.meta.generationId);
    }, retainMs);
    timer.unref();
    timers.add(timer);
  };

  return {
    open(meta) {
      const run: Run = { meta, entries: [], ended: false, wake: new Set() };
      runs.set(meta.generationId, run);
      for (const key of slotsOf(meta)) active.set(key, meta.generationId);
      const writer: GenerationWriter = {
        meta,
        append: (type, data) => push(run, type, data, false),
        end: (type, data) => {
          const seq = push(run, type, data, true);
          endRun(run);
          return Promise.resolve(seq);
        },
      };
      return Promise.resolve(writer);
    },
    findActive(userId, conversationId, messageId) {
      const id = active.get(slotKey(userId, conversationId, messageId));
      const run = id === undefined ? undefined : runs.get(id);
      return Promise.resolve(run && !run.ended ? run.meta : null);
    },
    has: (generationId) => runs.has(generationId),
    read: (generationId, afterSeq, signal) => readRun(runs.get(generationId), afterSeq, signal),
    snapshot: (generationId) => Promise.resolve([...(runs.get(generationId)?.entries ?? [])]),
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const run of runs.values()) for (const wake of run.wake) wake();
      runs.clear();
      active.clear();
      return Promise.resolve();
    },
  };
}

async function* readRun(
  run: Run | undefined,
  afterSeq: number,
  signal?: AbortSignal,
): AsyncIterable<LogEntry> {
  if (!run) return;
  let cursor = Math.max(0, afterSeq);
  while (!signal?.aborted) {
    while (cursor < run.entries.length) {
      const entry = run.entries[cursor];
      cursor += 1;
      if (!entry) continue;
      yield entry;
      if (entry.last || signal?.aborted) return;
    }
    if (run.ended) return;
    await nextAppend(run, signal);
  }
}

function nextAppend(run: Run, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      signal?.removeEventListener('abort', done);
      run.wake.delete(done);
      resolve();
    };
    run.wake.add(done);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The abort bus of a single process. */
export function createMemoryAbortBus(): AbortBus {
  const handlers = new Map<string, Set<() => void>>();
  return {
    listen(generationId, handler) {
      const set = handlers.get(generationId) ?? new Set();
      set.add(handler);
      handlers.set(generationId, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(generationId);
      };
    },
    abort(generationId) {
      for (const handler of [...(handlers.get(generationId) ?? [])]) handler();
      return Promise.resolve();
    },
    close() {
      handlers.clear();
      return Promise.resolve();
    },
  };
}
