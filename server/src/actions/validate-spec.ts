// validateActionSpec: the spec check of spec-check.ts run in one worker thread, started on first use and kept
// (unreferenced, so it never holds the process open). Specs are checked one at a time; one that takes longer
// than the limit (a pathological document) has its worker terminated and replaced.
import { Worker } from 'node:worker_threads';
import { fail, MAX_SPEC_BYTES, SPEC_TEXTS, type SpecValidation } from './spec-check';

export { SPEC_TEXTS, MAX_SPEC_BYTES, type SpecValidation } from './spec-check';

const CHECK_TIMEOUT_MS = 15_000;
const fromSources = import.meta.url.endsWith('.ts');

interface Job {
  raw: string;
  resolve: (result: SpecValidation) => void;
}

let worker: Worker | undefined;
let ready = false;
let running: { id: number; job: Job; timer: NodeJS.Timeout } | undefined;
const queue: Job[] = [];
let nextId = 1;

function startWorker(): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };
  const started = fromSources
    ? new Worker(new URL('../knowledge/ts-worker.mjs', import.meta.url), {
        workerData: { entry: new URL('./spec-worker.ts', import.meta.url).href },
        resourceLimits,
      })
    : // The built server is dist/main.js; the worker is built beside it.
      new Worker(new URL('./spec-worker.js', import.meta.url), { resourceLimits });
  started.unref();
  started.on('message', (message: { ready?: true; id?: number; result?: SpecValidation }) => {
    if (message.ready) {
      if (worker === started) ready = true;
      pump();
      return;
    }
    if (!running || running.id !== message.id || !message.result) return;
    finish(message.result);
  });
  const lost = (): void => {
    if (worker !== started) return;
    worker = undefined;
    ready = false;
    const failure = fail(SPEC_TEXTS.parseError, 'The spec could not be checked (too large or too complex).');
    if (running) finish(failure);
    // A worker that died before it was ready would die again: the waiting specs are answered, not retried.
    else for (const job of queue.splice(0)) job.resolve(failure);
  };
  started.on('error', lost);
  started.on('exit', lost);
  return started;
}

function finish(result: SpecValidation): void {
  if (!running) return;
  clearTimeout(running.timer);
  const { job } = running;
  running = undefined;
  job.resolve(result);
  pump();
}

function pump(): void {
  if (running || queue.length === 0) return;
  worker ??= startWorker();
  if (!ready) return; // pumped again when the worker says it is ready
  const job = queue.shift();
  if (!job) return;
  const id = nextId++;
  const timer = setTimeout(() => {
    const stuck = worker;
    worker = undefined;
    ready = false;
    finish(fail(SPEC_TEXTS.parseError, 'Checking the spec took too long.'));
    void stuck?.terminate();
  }, CHECK_TIMEOUT_MS);
  running = { id, job, timer };
  worker.postMessage({ id, raw: job.raw });
}

/** Checks an action's spec (SPEC §5 texts); never rejects. */
export function validateActionSpec(raw: string): Promise<SpecValidation> {
  const bytes = Buffer.byteLength(raw, 'utf8');
  if (bytes > MAX_SPEC_BYTES) {
    const mb = (bytes / (1024 * 1024)).toFixed(1);
    return Promise.resolve(
      fail(`The OpenAPI spec is too large (${mb} MB; at most ${MAX_SPEC_BYTES / (1024 * 1024)} MB).`),
    );
  }
  return new Promise((resolve) => {
    queue.push({ raw, resolve });
    pump();
  });
}
