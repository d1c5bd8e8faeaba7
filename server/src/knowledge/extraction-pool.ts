// A few extraction worker threads shared by every upload: each takes one document at a time, and one that
// runs past the time limit (a parser loop) or dies (a zip bomb exhausting its memory) is terminated and
// replaced, its document marked as having no extractable text. Nothing here ever blocks the event loop.
import { Worker } from 'node:worker_threads';
import type { ExtractionReply, ExtractionRequest, ExtractionResult } from './extraction-protocol';

export interface ExtractionPoolOptions {
  /** Worker threads at most (default 2). */
  size?: number;
  /** A document taking longer is abandoned and its worker terminated (default 30 s). */
  timeoutMs?: number;
  /** Heap limit of a worker (default 512 MB). */
  maxMemoryMb?: number;
}

export interface ExtractionPool {
  extract(request: Omit<ExtractionRequest, 'id'>): Promise<ExtractionResult>;
  close(): Promise<void>;
}

interface Job {
  request: ExtractionRequest;
  resolve: (result: ExtractionResult) => void;
}

const fromSources = import.meta.url.endsWith('.ts');

function startWorker(maxMemoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: 32 };
  if (fromSources) {
    const entry = new URL('./extract-worker.ts', import.meta.url).href;
    return new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { entry }, resourceLimits });
  }
  // The built server is one file, dist/main.js; the worker is built beside it.
  return new Worker(new URL('./extract-worker.js', import.meta.url), { resourceLimits });
}

export function createExtractionPool(options: ExtractionPoolOptions = {}): ExtractionPool {
  const size = options.size ?? 2;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxMemoryMb = options.maxMemoryMb ?? 512;
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  let busy = 0;
  let nextId = 1;
  let closed = false;

  function pump(): void {
    while (!closed && queue.length > 0 && busy < size) {
      const job = queue.shift();
      if (!job) return;
      busy += 1;
      run(idle.pop() ?? spawn(), job);
    }
  }

  function spawn(): Worker {
    const worker = startWorker(maxMemoryMb);
    all.add(worker);
    worker.unref();
    return worker;
  }

  function discard(worker: Worker): void {
    all.delete(worker);
    worker.removeAllListeners();
    // An error after the job is settled (the thread dying) needs a listener, or it would crash the server.
    worker.on('error', () => undefined);
    void worker.terminate();
  }

  function run(worker: Worker, job: Job): void {
    let settled = false;
    const finish = (result: ExtractionResult, keep: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
      busy -= 1;
      if (keep && !closed) idle.push(worker);
      else discard(worker);
      job.resolve(result);
      pump();
    };
    const onMessage = (reply: ExtractionReply) => {
      if (reply.id !== job.request.id) return;
      const { id: _id, ...result } = reply;
      finish(result, true);
    };
    const onFailure = (error?: unknown) => {
      const outOfMemory =
        error instanceof Error && 'code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish({ ok: false, reason: outOfMemory ? 'too_large' : 'unreadable' }, false);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'too_slow' }, false), timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onFailure);
    worker.on('exit', onFailure);
    worker.postMessage(job.request);
  }

  return {
    extract(request) {
      if (closed) return Promise.resolve({ ok: false, reason: 'unreadable' });
      return new Promise((resolve) => {
        queue.push({ request: { ...request, id: nextId++ }, resolve });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.resolve({ ok: false, reason: 'unreadable' });
      await Promise.all([...all].map((worker) => worker.terminate()));
      all.clear();
    },
  };
}
