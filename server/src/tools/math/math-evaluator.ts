// Runs calculator expressions in one worker thread, so a costly expression never stalls the server: each
// has a time limit, after which the worker is replaced.
import { Worker } from 'node:worker_threads';

interface Pending {
  resolve(result: string): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

type WorkerReply =
  { ready: true } | { id: number; ok: true; result: string } | { id: number; ok: false; error: string };

interface Running {
  worker: Worker;
  /** Resolves once mathjs is loaded there (time limits count from then). */
  ready: Promise<void>;
}

/** A calculation the evaluator refused or could not finish; its message is for the model. */
export class MathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MathError';
  }
}

export interface MathEvaluator {
  evaluate(expression: string, signal?: AbortSignal): Promise<string>;
  close(): Promise<void>;
}

const WORKER_URL = new URL('./math-worker.mjs', import.meta.url);

export function createMathEvaluator(options: { timeLimitMs?: number } = {}): MathEvaluator {
  const timeLimitMs = options.timeLimitMs ?? 2_000;
  let running: Running | undefined;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const failAll = (message: string) => {
    for (const [id, call] of pending) {
      clearTimeout(call.timer);
      call.reject(new MathError(message));
      pending.delete(id);
    }
  };

  const replace = (message: string) => {
    const old = running;
    running = undefined;
    failAll(message);
    void old?.worker.terminate();
  };

  const start = (): Running => {
    const started = new Worker(WORKER_URL);
    started.unref();
    let markReady = () => {};
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const isCurrent = () => running?.worker === started;
    started.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) {
        markReady();
        return;
      }
      const call = pending.get(reply.id);
      if (!call) return;
      pending.delete(reply.id);
      clearTimeout(call.timer);
      if (reply.ok) call.resolve(reply.result);
      else call.reject(new MathError(reply.error));
    });
    started.on('error', (error) => {
      if (isCurrent()) replace(`The calculator failed: ${error.message}`);
    });
    started.on('exit', () => {
      if (isCurrent()) replace('The calculator stopped unexpectedly.');
    });
    return { worker: started, ready };
  };

  return {
    async evaluate(expression, signal) {
      const current = (running ??= start());
      await current.ready;
      if (signal?.aborted) throw new MathError('The calculation was stopped.');
      if (running !== current) throw new MathError('The calculator stopped unexpectedly.');
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (pending.has(id)) replace(`The calculation took longer than ${timeLimitMs / 1000} s.`);
        }, timeLimitMs);
        pending.set(id, { resolve, reject, timer });
        signal?.addEventListener(
          'abort',
          () => {
            const call = pending.get(id);
            if (!call) return;
            pending.delete(id);
            clearTimeout(call.timer);
            reject(new MathError('The calculation was stopped.'));
          },
          { once: true },
        );
        current.worker.postMessage({ id, expression });
      });
    },
    async close() {
      const old = running;
      running = undefined;
      failAll('The calculator was closed.');
      await old?.worker.terminate();
    },
  };
}
