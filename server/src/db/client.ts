import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Assume } from 'drizzle-orm/utils';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { openEmbedded, type OpenedEmbedded } from './embedded/open-embedded';
import type { EmbeddedDatabaseEvent, PgliteWorkerClient } from './embedded/worker-client';
import { createPglite } from './pglite';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * What `db.execute()` resolves to on both drivers: PGlite's `Results` and node-postgres' `QueryResult`
 * both carry `rows` (they differ in everything else, e.g. `affectedRows` vs `rowCount`).
 */
export interface DbQueryResult<TRow> {
  rows: TRow[];
}
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<Assume<this['row'], Record<string, unknown>>>;
}

/** The drizzle instance repositories take: the same type whichever engine is underneath. */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;

/**
 * The driver-specific side of an open database (migrations, snapshots, raw access in tests): PGlite in this
 * thread (tests, tools), PGlite in a worker thread (the server's embedded database), or PostgreSQL.
 */
export type DatabaseDriver =
  | { kind: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite }
  | { kind: 'pglite-worker'; db: PgliteDatabase<Schema>; client: PgliteWorkerClient }
  | { kind: 'postgres'; db: NodePgDatabase<Schema>; pool: pg.Pool };

/** The engine underneath, whichever way it is reached. */
export type DatabaseEngine = 'pglite' | 'postgres';

export interface Database {
  readonly db: Db;
  readonly kind: DatabaseEngine;
  readonly driver: DatabaseDriver;
  /** Closes the pool or the PGlite instance (also one passed in as `pglite`). Safe to call twice. */
  close(): Promise<void>;
  /** Resolves when the database answers `select 1`. */
  ping(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when set, PGlite options are ignored. */
  databaseUrl?: string;
  /** PGlite data directory (created when missing). Without it and without `pglite`: in memory. */
  dataDir?: string;
  /**
   * Run PGlite on `dataDir` in a worker thread, so no query runs on this thread's event loop; the data dir is
   * locked against a second server, and the worker is restarted if it dies (the server's embedded database).
   */
  worker?: {
    onEvent?: (event: EmbeddedDatabaseEvent) => void;
    /** The data dir's lock was lost: another process may have it now, so the caller should stop. */
    onLockCompromised: (error: Error) => void;
    /** What a new data dir starts from (PgliteWorkerOptions.template). */
    template?: string | null;
    /**
     * The same data dir already being opened (`openEmbedded`, started by `main.ts` before the app's modules
     * loaded); the callbacks above are then those it was started with.
     */
    opening?: Promise<OpenedEmbedded>;
  };
  /** An existing PGlite instance (tests); the returned database owns it from now on. */
  pglite?: PGlite;
  /** node-postgres pool size (default 10). */
  poolMax?: number;
  /** Called when an idle pooled PostgreSQL connection fails (e.g. the server restarted); default: ignore. */
  onPoolError?: (error: Error) => void;
  /** Told every statement drizzle sends (tests count a chat's statements); default: none. */
  logger?: Logger;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (!opts.databaseUrl && opts.dataDir && opts.worker)
    return openPgliteWorker(opts.dataDir, opts.worker, opts.logger);
  const driver = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, opts.poolMax ?? 10, opts.onPoolError, opts.logger)
    : await openPglite(opts);
  return wrap(driver, () => closeDriver(driver));
}

function wrap(driver: DatabaseDriver, closeAll: () => Promise<void>): Database {
  let closing: Promise<void> | undefined;
  return {
    db: driver.db,
    kind: driver.kind === 'postgres' ? 'postgres' : 'pglite',
    driver,
    close: () => (closing ??= closeAll()),
    ping: async () => {
      await driver.db.execute(sql`select 1`);
    },
  };
}

/** How long an unused pooled PostgreSQL connection stays open. */
export const POOL_IDLE_MS = 60_000;

/** `pg` and its drizzle driver are loaded only on PostgreSQL (docs/decisions.md "Idle memory"). */
async function openPostgres(
  connectionString: string,
  max: number,
  onPoolError: (error: Error) => void = () => undefined,
  logger?: Logger,
): Promise<DatabaseDriver> {
  const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  // Idle connections are kept a minute (pg's default: 10 s), so a burst after a quiet spell finds them open:
  // a new one costs a backend process and parsing every named statement again (bench/src/probe-burst.ts).
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: POOL_IDLE_MS });
  // Without a listener, an idle client losing its connection would crash the process; the next query
  // reports the problem anyway.
  pool.on('error', onPoolError);
  return {
    kind: 'postgres',
    db: drizzleNodePg({ client: pool, schema, ...(logger ? { logger } : {}) }),
    pool,
  };
}

async function openPglite(opts: OpenDatabaseOptions): Promise<DatabaseDriver> {
  let client = opts.pglite;
  if (!client) {
    if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
    client = await createPglite({ dataDir: opts.dataDir });
  }
  const logger = opts.logger ? { logger: opts.logger } : {};
  return { kind: 'pglite', db: drizzlePglite({ client, schema, ...logger }), client };
}

async function openPgliteWorker(
  dataDir: string,
  opts: NonNullable<OpenDatabaseOptions['worker']>,
  logger: Logger | undefined,
): Promise<Database> {
  const opened = await (opts.opening ?? openEmbedded(dataDir, opts));
  if (opened.dataDir !== dataDir) {
    await opened.close();
    throw new Error(`the embedded database opened early is in ${opened.dataDir}, not ${dataDir}`);
  }
  const { client } = opened;
  // drizzle's PGlite driver calls only `query()` and `transaction()` (whose callback uses `query()`), which
  // the worker client implements with PGlite's own signatures.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, ...(logger ? { logger } : {}) });
  const driver: DatabaseDriver = { kind: 'pglite-worker', db, client };
  return wrap(driver, () => opened.close());
}

async function closeDriver(driver: DatabaseDriver): Promise<void> {
  if (driver.kind === 'postgres') await driver.pool.end();
  else if (!driver.client.closed) await driver.client.close();
}
