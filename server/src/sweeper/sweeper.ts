import { sql } from 'drizzle-orm';
import type { Db, DatabaseEngine } from '../db/client';
import type { Logger } from '../lib/logger';

/** Advisory lock key (namespace, key) of the sweep: one instance sweeps at a time. */
const SWEEP_LOCK = sql`25002, 1`;
/** Conversations deleted per transaction (their messages go with them by cascade). */
const DEFAULT_BATCH = 200;
/** How often an instance looks for expired temporary chats. */
export const DEFAULT_SWEEP_INTERVAL_MS = 10 * 60_000;

/** More housekeeping run after each round, with the sweeper's clock (e.g. expired share links' files). */
export type SweepTask = (now: Date) => Promise<unknown>;

export interface SweeperOptions {
  db: Db;
  engine: DatabaseEngine;
  /** The sweeper's clock (tests advance it); default the wall clock. */
  now?: () => Date;
  intervalMs?: number;
  batchSize?: number;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** Run after each round on every instance (each must be safe to run on several at once); failures log. */
  tasks?: readonly SweepTask[];
}

export interface Sweeper {
  /**
   * Deletes every temporary chat whose `expiredAt` is at or before the clock's now, batch by batch; the
   * number it deleted (0 while another instance holds the sweep).
   */
  sweep(): Promise<number>;
  /** Sweeps now, then every `intervalMs`, until `stop`. */
  start(): void;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * The background sweeper of temporary chats. On PostgreSQL, several instances may run one each: a sweep
 * holds a transaction-scoped advisory lock (`pg_try_advisory_xact_lock`), so at most one instance deletes
 * at a time and the others skip that round; each batch is one `DELETE … RETURNING` of rows locked with
 * `FOR UPDATE SKIP LOCKED`, so a chat is deleted once. PGlite has one process per data directory: the
 * process is the only instance.
 */
export function createSweeper(options: SweeperOptions): Sweeper {
  const { db, engine } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const intervalMs = options.intervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** One batch: the ids deleted, or null when another instance holds the sweep. */
  const batch = (at: Date): Promise<string[] | null> =>
    db.transaction(async (tx) => {
      if (engine === 'postgres') {
        const { rows } = await tx.execute<{ locked: boolean }>(
          sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`,
        );
        if (!rows[0]?.locked) return null;
      }
      const { rows } = await tx.execute<{ conversation_id: string }>(sql`
        delete from conversations
         where conversation_id in (
           select conversation_id from conversations
            where expired_at is not null and expired_at <= ${at.toISOString()}::timestamptz and is_temporary
            order by expired_at
            limit ${batchSize}
              for update skip locked)
        returning conversation_id`);
      return rows.map((row) => row.conversation_id);
    });

  const sweepOnce = async (): Promise<number> => {
    const at = now();
    let total = 0;
    for (;;) {
      const deleted = await batch(at);
      if (deleted === null) break;
      total += deleted.length;
      if (deleted.length < batchSize) break;
    }
    if (total > 0) options.logger?.info({ deleted: total }, 'deleted expired temporary chats');
    for (const task of options.tasks ?? []) {
      await task(at).catch((error: unknown) =>
        options.logger?.warn({ err: error }, 'a housekeeping task of the sweeper failed'),
      );
    }
    return total;
  };

  const sweep = (): Promise<number> => {
    // A sweep asked for while one runs waits for it, then runs (the clock may have moved meanwhile).
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(sweepOnce);
    running = next;
    return next.finally(() => {
      if (running === next) running = undefined;
    });
  };

  const tick = () => {
    sweep().catch((error: unknown) =>
      options.logger?.warn({ err: error }, 'the temporary chat sweep failed'),
    );
  };

  return {
    sweep,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
