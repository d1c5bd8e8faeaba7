// The way in to spec-check.ts: every parse, validation and planning of an action spec runs in a small pool of
// worker threads (SPEC_POOL_SIZE, all started at the first spec and kept, unreferenced so they never hold the
// process open), never on the server's event loop. Fairness between users: each owner (a user id) has at most one
// spec in a worker at a time and the owners with waiting specs take turns, so one user's big saves delay
// another's by at most the spec already running; an owner may have at most MAX_SPECS_PER_OWNER specs being
// checked or waiting, and at most MAX_SPECS_WAITING wait in all — past either, a caller that asks for it is
// answered `busy` (a 429) instead of queued. A check that takes longer than the limit (a pathological
// document) has its worker terminated and replaced.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { specProblemText } from '@parley/shared/actions/spec-rules';
import { functionsOf, plannedSpec } from './operations';
import {
  fail,
  MAX_SPEC_BYTES,
  SPEC_TEXTS,
  type SpecFailure,
  type SpecPlanning,
  type SpecTask,
  type SpecValidation,
} from './spec-check';
import type { ActionFunction, ActionSpec } from './types';

export {
  SPEC_TEXTS,
  MAX_SPEC_BYTES,
  type SpecFailure,
  type SpecValidation,
  tooManyOperations,
  FUNCTIONS_TOO_LARGE,
} from './spec-check';

/** Worker threads checking specs at once: two, so one user's spec never holds up everyone else's. */
export const SPEC_POOL_SIZE = 2;
/** Specs of one owner being checked or waiting, at most, for callers that would rather hear `busy`. */
export const MAX_SPECS_PER_OWNER = 3;
/** Specs waiting for a worker, of all owners, at most (each holds up to 1 MB of text). */
export const MAX_SPECS_WAITING = 64;
const CHECK_TIMEOUT_MS = 15_000;
/** Plans of saved actions kept for their runs, by the characters of their functions (~4 maximal actions). */
const CACHE_CHARS = 4_000_000;

export const BUSY_OWNER =
  'Your other action specs are still being checked: wait until they are saved, then try again.';
export const BUSY_SERVER = 'The server is busy checking other action specs: try again in a minute.';

const fromSources = import.meta.url.endsWith('.ts');

type Result = SpecValidation | SpecPlanning;

interface Job {
  owner: string;
  task: SpecTask;
  resolve: (result: Result) => void;
}

interface Slot {
  worker: Worker | undefined;
  ready: boolean;
  running: { id: number; job: Job; timer: NodeJS.Timeout } | undefined;
}

const slots: Slot[] = Array.from({ length: SPEC_POOL_SIZE }, () => ({
  worker: undefined,
  ready: false,
  running: undefined,
}));
/** Waiting jobs by owner; the map's order is the owners' turn order. */
const waiting = new Map<string, Job[]>();
let waitingCount = 0;
/** Jobs per owner, running or waiting. */
const inFlight = new Map<string, number>();
let nextId = 1;

function startWorker(slot: Slot): void {
  const resourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };
  const started = fromSources
    ? new Worker(new URL('../knowledge/ts-worker.mjs', import.meta.url), {
        workerData: { entry: new URL('./spec-worker.ts', import.meta.url).href },
        resourceLimits,
      })
    : // The built server is dist/main.js; the worker is built beside it.
      new Worker(new URL('./spec-worker.js', import.meta.url), { resourceLimits });
  started.unref();
  slot.worker = started;
  slot.ready = false;
  started.on('message', (message: { ready?: true; id?: number; result?: Result }) => {
    if (slot.worker !== started) return;
    if (message.ready) {
      slot.ready = true;
      pump();
      return;
    }
    if (!slot.running || slot.running.id !== message.id || !message.result) return;
    finish(slot, message.result);
  });
  const lost = (): void => {
    if (slot.worker !== started) return;
    const wasReady = slot.ready;
    slot.worker = undefined;
    slot.ready = false;
    const failure = fail(SPEC_TEXTS.parseError, 'The spec could not be checked (too large or too complex).');
    if (slot.running) finish(slot, failure);
    else if (!wasReady) {
      // A worker that died before it was ready would die again: the waiting specs are answered, not retried.
      for (const jobs of waiting.values()) for (const job of jobs) done(job, failure);
      waiting.clear();
      waitingCount = 0;
    }
  };
  started.on('error', lost);
  started.on('exit', lost);
}

function done(job: Job, result: Result): void {
  const left = (inFlight.get(job.owner) ?? 1) - 1;
  if (left > 0) inFlight.set(job.owner, left);
  else inFlight.delete(job.owner);
  job.resolve(result);
}

function finish(slot: Slot, result: Result): void {
  const { running } = slot;
  if (!running) return;
  clearTimeout(running.timer);
  slot.running = undefined;
  done(running.job, result);
  pump();
}

const runningOwner = (owner: string): boolean => slots.some((slot) => slot.running?.job.owner === owner);

/** Owners with a waiting job and none running: each may start one now. */
function eligibleOwners(): number {
  let count = 0;
  for (const owner of waiting.keys()) if (!runningOwner(owner)) count += 1;
  return count;
}

/** The first eligible owner's next job; that owner goes to the back of the turn order. */
function takeNext(): Job | undefined {
  for (const [owner, jobs] of waiting) {
    if (runningOwner(owner)) continue;
    const job = jobs.shift();
    waiting.delete(owner);
    if (jobs.length > 0) waiting.set(owner, jobs);
    if (job) waitingCount -= 1;
    return job;
  }
  return undefined;
}

function run(slot: Slot, job: Job): void {
  const worker = slot.worker;
  if (!worker) return;
  const id = nextId++;
  const timer = setTimeout(() => {
    if (slot.running?.id !== id) return;
    slot.worker = undefined;
    slot.ready = false;
    finish(slot, fail(SPEC_TEXTS.parseError, 'Checking the spec took too long.'));
    void worker.terminate();
  }, CHECK_TIMEOUT_MS);
  slot.running = { id, job, timer };
  worker.postMessage({ id, task: job.task });
}

function pump(): void {
  for (;;) {
    const eligible = eligibleOwners();
    if (eligible === 0) return;
    const idle = slots.filter((slot) => slot.worker && !slot.running);
    const free = idle.find((slot) => slot.ready);
    if (free) {
      const job = takeNext();
      if (!job) return;
      run(free, job);
      continue;
    }
    // Every idle worker is still starting and will take a job when ready. Past those, the pool starts whole,
    // so another user's spec never waits for a worker to start while one user's take the first.
    const empty = slots.filter((slot) => !slot.worker);
    if (empty.length === 0 || eligible <= idle.length) return;
    for (const slot of empty) startWorker(slot);
  }
}

export interface SpecCheckOptions {
  /** Whose spec it is (a user id): owners take turns, one spec each in a worker at a time. */
  owner?: string;
  /**
   * Answer `busy` rather than wait when the owner already has MAX_SPECS_PER_OWNER specs in, or
   * MAX_SPECS_WAITING specs wait in all (a user's save; a run's tools wait their turn instead).
   */
  refuseWhenBusy?: boolean;
}

function submit(raw: string, task: SpecTask, options: SpecCheckOptions): Promise<Result> {
  const bytes = Buffer.byteLength(raw, 'utf8');
  if (bytes > MAX_SPEC_BYTES) return Promise.resolve(fail(specProblemText({ code: 'too_large', bytes })));
  const owner = options.owner ?? '';
  const mine = inFlight.get(owner) ?? 0;
  if (options.refuseWhenBusy) {
    if (mine >= MAX_SPECS_PER_OWNER) return Promise.resolve({ ok: false, message: BUSY_OWNER, busy: true });
    if (waitingCount >= MAX_SPECS_WAITING) {
      return Promise.resolve({ ok: false, message: BUSY_SERVER, busy: true });
    }
  }
  return new Promise((resolve) => {
    inFlight.set(owner, mine + 1);
    const jobs = waiting.get(owner);
    const job = { owner, task, resolve };
    if (jobs) jobs.push(job);
    else waiting.set(owner, [job]);
    waitingCount += 1;
    pump();
  });
}

/** Checks an action's spec (SPEC §5 texts) and answers the validated document; never rejects. */
export async function validateActionSpec(
  raw: string,
  options: SpecCheckOptions = {},
): Promise<SpecValidation> {
  return (await submit(raw, { kind: 'validate', raw }, options)) as SpecValidation;
}

/** A spec checked and planned: its functions, and a stand-in spec that `createActionCaller` runs them with. */
export type ActionPlanning =
  | {
      ok: true;
      domain: string;
      functions: ActionFunction[];
      /** Characters of the functions' JSON (`functionChars`). */
      chars: number;
      /** For `createActionCaller` and `planOperations`: the worker's plans, not the whole document. */
      spec: ActionSpec;
      warnings: string[];
    }
  | SpecFailure;

type Planned = Extract<ActionPlanning, { ok: true }>;
const cache = new Map<string, Planned>();
let cachedChars = 0;

const cacheKey = (raw: string, domain: string): string =>
  `${createHash('sha256').update(raw).digest('base64url')} ${domain}`;

function remember(key: string, planned: Planned): void {
  const previous = cache.get(key);
  if (previous) {
    cache.delete(key);
    cachedChars -= previous.chars;
  }
  cache.set(key, planned);
  cachedChars += planned.chars;
  for (const [oldest, entry] of cache) {
    if (cachedChars <= CACHE_CHARS || oldest === key) break;
    cache.delete(oldest);
    cachedChars -= entry.chars;
  }
}

/**
 * Checks an action's spec and plans its functions in a worker, within the limits (spec-check.ts
 * `prepareActionSpec`); never rejects. With `domain.exact` (a saved action's run) the plans of the same
 * spec and domain are reused from the last time.
 */
export async function planActionSpec(
  raw: string,
  options: SpecCheckOptions & { domain?: { exact?: string; fallback?: string } } = {},
): Promise<ActionPlanning> {
  const domain = options.domain ?? {};
  if (domain.exact !== undefined) {
    const key = cacheKey(raw, domain.exact);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
  }
  const result = (await submit(raw, { kind: 'plan', raw, domain }, options)) as SpecPlanning;
  if (!result.ok) return result;
  const planned: Planned = {
    ok: true,
    domain: result.domain,
    functions: functionsOf(result.plans),
    chars: result.chars,
    spec: plannedSpec(result.serverUrl, result.domain, result.plans),
    warnings: result.warnings,
  };
  remember(cacheKey(raw, result.domain), planned);
  return planned;
}
