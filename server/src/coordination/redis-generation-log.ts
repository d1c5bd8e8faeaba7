import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  ENDED_RETENTION_MS,
  type GenerationLog,
  type GenerationMeta,
  type GenerationWriter,
  type LogEntry,
} from './generation-log';
import { LiveQueue } from './live-queue';
import type { RedisChannels } from './redis-channels';

export interface RedisGenerationLogOptions {
  redis: Redis;
  channels: RedisChannels;
  /** Prefix of every key and channel (tests use a unique one). */
  prefix: string;
  retainMs?: number;
  /** A run whose instance stops refreshing its keys for this long counts as gone. */
  aliveTtlMs?: number;
  /** How often an idle reader checks for missed entries and for a dead run. */
  idleCheckMs?: number;
  onError?: (error: unknown) => void;
}

const metaSchema = z.object({
  generationId: z.string(),
  userId: z.string(),
  conversationId: z.string(),
  detail: z.string(),
  messageIds: z.array(z.string()).optional(),
});

/** Deletes (or refreshes) the active slot only while it still names this run. */
const RELEASE_SLOT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
const REFRESH_SLOT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

/**
 * The generation log on Redis: one stream per run (entry ids `<seq>-0`), each entry also published on the
 * run's channel so followers on any instance get it without polling; a key per (user, conversation) names
 * the active run, refreshed by a heartbeat so a crashed instance's run expires.
 */
export function createRedisGenerationLog(options: RedisGenerationLogOptions): GenerationLog {
  const { redis, channels, prefix } = options;
  const retainMs = options.retainMs ?? ENDED_RETENTION_MS;
  const aliveTtlMs = options.aliveTtlMs ?? 30_000;
  const idleCheckMs = options.idleCheckMs ?? 10_000;
  const onError = options.onError ?? (() => undefined);
  const keys = {
    slot: (userId: string, conversationId: string, messageId?: string) =>
      messageId === undefined
        ? `${prefix}active:${userId}:${conversationId}`
        : `${prefix}active:${userId}:${conversationId}:${messageId}`,
    meta: (id: string) => `${prefix}gen:${id}:meta`,
    log: (id: string) => `${prefix}gen:${id}:log`,
    channel: (id: string) => `${prefix}gen:${id}`,
  };
  const heartbeats = new Set<NodeJS.Timeout>();

  const range = async (id: string, afterSeq: number): Promise<LogEntry[]> => {
    const rows = await redis.xrange(keys.log(id), `${afterSeq + 1}-0`, '+');
    return rows.map(([rowId, fields]) => entryOf(Number.parseInt(rowId, 10), fields));
  };
  const isGone = async (id: string) => (await redis.exists(keys.meta(id))) === 0;

  async function open(meta: GenerationMeta): Promise<GenerationWriter> {
    const { generationId: id } = meta;
    const slots = [
      keys.slot(meta.userId, meta.conversationId),
      ...(meta.messageIds ?? []).map((messageId) => keys.slot(meta.userId, meta.conversationId, messageId)),
    ];
    const opening = redis.multi().set(keys.meta(id), JSON.stringify(meta), 'PX', aliveTtlMs);
    for (const slot of slots) opening.set(slot, id, 'PX', aliveTtlMs);
    await opening.exec();
    const heartbeat = setInterval(() => {
      redis.pexpire(keys.meta(id), aliveTtlMs).catch(onError);
      for (const slot of slots) redis.eval(REFRESH_SLOT, 1, slot, id, aliveTtlMs).catch(onError);
    }, aliveTtlMs / 3);
    heartbeat.unref();
    heartbeats.add(heartbeat);
    let seq = 0;
    let ended = false;
    const write = (type: string, data: string, last: boolean): { seq: number; done: Promise<unknown> } => {
      if (ended) throw new Error(`generation ${id} has already ended`);
      seq += 1;
      ended = last;
      const fields = ['t', type, 'd', data, 'l', last ? '1' : '0'];
      const written = redis.xadd(keys.log(id), `${seq}-0`, ...fields);
      const published = redis.publish(keys.channel(id), encodeEntry({ seq, type, data, last }));
      const done = Promise.all([written, published]);
      done.catch(onError);
      return { seq, done };
    };
    return {
      meta,
      append: (type, data) => write(type, data, false).seq,
      async end(type, data) {
        const { seq: lastSeq, done } = write(type, data, true);
        clearInterval(heartbeat);
        heartbeats.delete(heartbeat);
        await Promise.all([
          done,
          redis.pexpire(keys.log(id), retainMs),
          redis.pexpire(keys.meta(id), retainMs),
          ...slots.map((slot) => redis.eval(RELEASE_SLOT, 1, slot, id)),
        ]).catch(onError);
        return lastSeq;
      },
    };
  }

  async function findActive(
    userId: string,
    conversationId: string,
    messageId?: string,
  ): Promise<GenerationMeta | null> {
    const id = await redis.get(keys.slot(userId, conversationId, messageId));
    if (id === null) return null;
    const raw = await redis.get(keys.meta(id));
    const meta = raw === null ? undefined : metaSchema.safeParse(JSON.parse(raw));
    return meta?.success && meta.data.userId === userId ? meta.data : null;
  }

  async function* read(id: string, afterSeq: number, signal?: AbortSignal): AsyncIterable<LogEntry> {
    const live = new LiveQueue<LogEntry>();
    const unsubscribe = await channels.add(keys.channel(id), (message) => {
      const entry = decodeEntry(message);
      if (entry) live.push(entry);
    });
    try {
      let cursor = Math.max(0, afterSeq);
      const stored = await range(id, cursor);
      if (stored.length === 0 && (await isGone(id))) return;
      let pending: LogEntry[] = stored;
      while (!signal?.aborted) {
        for (const entry of pending) {
          if (entry.seq !== cursor + 1) continue;
          yield entry;
          cursor = entry.seq;
          if (entry.last) return;
        }
        const next = await live.next(signal, idleCheckMs);
        if (next === 'aborted') return;
        if (next !== 'timeout' && next.seq <= cursor + 1) {
          pending = [next];
          continue;
        }
        // A gap (missed message) or a quiet spell: read what the stream holds, and stop if the run is gone.
        pending = await range(id, cursor);
        if (pending.length === 0 && next === 'timeout' && (await isGone(id))) return;
      }
    } finally {
      unsubscribe();
    }
  }

  return {
    open,
    findActive,
    read,
    snapshot: (id) => range(id, 0),
    close() {
      for (const heartbeat of heartbeats) clearInterval(heartbeat);
      heartbeats.clear();
      return Promise.resolve();
    },
  };
}

function entryOf(seq: number, fields: string[]): LogEntry {
  const value = (name: string) => {
    const index = fields.indexOf(name);
    return index >= 0 && index % 2 === 0 ? (fields[index + 1] ?? '') : '';
  };
  return { seq, type: value('t'), data: value('d'), last: value('l') === '1' };
}

/** `<seq> <last> <type>\n<data>` — the data may hold anything, the header never a newline. */
function encodeEntry({ seq, type, data, last }: LogEntry): string {
  return `${seq} ${last ? 1 : 0} ${type}\n${data}`;
}

function decodeEntry(message: string): LogEntry | undefined {
  const newline = message.indexOf('\n');
  const match = /^(\d+) ([01]) (\S+)$/.exec(message.slice(0, newline));
  if (newline < 0 || !match) return undefined;
  const [, seq = '0', last, type = ''] = match;
  return { seq: Number(seq), type, data: message.slice(newline + 1), last: last === '1' };
}
