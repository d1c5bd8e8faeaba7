// Not part of `npm run bench`: loaded into the built server with `node --import` by probe-burst.ts (issue 28).
// Records, inside the server process, what a burst of new chats waits for: each PostgreSQL statement's wait for
// a pooled connection (with the pool's counts when it asked), its time on the connection, new connections and
// how long they took, the event loop's delay and utilisation. SIGUSR2 writes what was recorded since the last
// signal to `${PROBE_OUT}.${n}.json` and starts again. PROBE_POOL_MAX / PROBE_POOL_MIN / PROBE_POOL_IDLE_MS
// override the pool's options, to compare sizes without changing the server.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

interface Acquire {
  at: number;
  waitMs: number;
  waiting: number;
  idle: number;
  total: number;
}
interface Statement {
  name: string;
  /** When it asked for a connection (pool.query) or was sent (a client held already), and how long it waited. */
  at: number;
  waitMs: number;
  runMs: number;
}

type Callback = (...args: unknown[]) => void;
interface PoolLike {
  waitingCount: number;
  idleCount: number;
  totalCount: number;
  connect(cb?: Callback): unknown;
  newClient(pendingItem: { callback: Callback }): unknown;
}
type PoolClass = new (options?: Record<string, unknown>) => PoolLike;
interface PgModule {
  Pool: PoolClass;
  Client: { prototype: { query: (...args: unknown[]) => unknown } };
}

const out = process.env.PROBE_OUT ?? '/tmp/burst-probe';
const requireFrom = createRequire(process.env.PROBE_RESOLVE_FROM ?? import.meta.url);
const pg = requireFrom('pg') as PgModule;

let acquires: Acquire[] = [];
let statements: Statement[] = [];
let connects: { at: number; connectMs: number }[] = [];
const delay = monitorEventLoopDelay({ resolution: 2 });
delay.enable();
let elu = performance.eventLoopUtilization();
let since = performance.now();

const number = (name: string): number | undefined =>
  process.env[name] === undefined ? undefined : Number(process.env[name]);
const overrides: Record<string, number> = {};
for (const [env, option] of [
  ['PROBE_POOL_MAX', 'max'],
  ['PROBE_POOL_MIN', 'min'],
  ['PROBE_POOL_IDLE_MS', 'idleTimeoutMillis'],
] as const) {
  const value = number(env);
  if (value !== undefined) overrides[option] = value;
}

const Base = pg.Pool;
class ProbedPool extends Base {
  constructor(options?: Record<string, unknown>) {
    super({ ...options, ...overrides });
  }
  override connect(cb?: Callback): unknown {
    const asked = performance.now();
    const counts = { waiting: this.waitingCount, idle: this.idleCount, total: this.totalCount };
    const record = () => {
      const acquire = { at: asked, waitMs: performance.now() - asked, ...counts };
      acquires.push(acquire);
      return acquire;
    };
    if (cb) {
      return super.connect((...args: unknown[]) => {
        const acquire = record();
        const client = args[1];
        if (typeof client === 'object' && client !== null) acquired.set(client, acquire);
        cb(...args);
      });
    }
    const result = super.connect() as Promise<unknown>;
    void result.then(record, () => undefined);
    return result;
  }
  override newClient(pendingItem: { callback: Callback }): unknown {
    const started = performance.now();
    const callback = pendingItem.callback;
    pendingItem.callback = (...args: unknown[]) => {
      connects.push({ at: started, connectMs: performance.now() - started });
      callback(...args);
    };
    return super.newClient(pendingItem);
  }
}
pg.Pool = ProbedPool;

/** The acquisition a pooled client was handed out by, for the statement it then runs (pool.query). */
const acquired = new WeakMap<object, Acquire>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function probedQuery(this: unknown, ...args: unknown[]): unknown {
  const first = args[0];
  const name =
    typeof first === 'object' && first !== null && 'name' in first && typeof first.name === 'string'
      ? first.name
      : typeof first === 'object' && first !== null && 'text' in first && typeof first.text === 'string'
        ? first.text.slice(0, 40)
        : String(first).slice(0, 40);
  const sent = performance.now();
  const acquire = typeof this === 'object' && this !== null ? acquired.get(this) : undefined;
  if (acquire && typeof this === 'object' && this !== null) acquired.delete(this);
  const [at, waitMs] = acquire ? [acquire.at, acquire.waitMs] : [sent, 0];
  const record = () => statements.push({ name, at, waitMs, runMs: performance.now() - sent });
  const last = args.length - 1;
  const cb = args[last];
  if (typeof cb === 'function') {
    args[last] = (...results: unknown[]) => {
      record();
      (cb as Callback)(...results);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args) as unknown;
  if (result instanceof Promise) void result.then(record, record);
  return result;
};

let dumps = 0;
process.on('SIGUSR2', () => {
  const now = performance.now();
  const used = performance.eventLoopUtilization(elu);
  const report = {
    windowStart: since,
    windowMs: now - since,
    eventLoopUtilization: used.utilization,
    delayMs: {
      p50: delay.percentile(50) / 1e6,
      p99: delay.percentile(99) / 1e6,
      max: delay.max / 1e6,
      mean: delay.mean / 1e6,
    },
    acquires,
    statements,
    connects,
  };
  writeFileSync(`${out}.${++dumps}.json`, JSON.stringify(report));
  [acquires, statements, connects] = [[], [], []];
  delay.reset();
  elu = performance.eventLoopUtilization();
  since = now;
});
