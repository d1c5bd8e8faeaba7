import type { GenerationLog, GenerationMeta, GenerationWriter, LogEntry } from './generation-log';
import type { MemoryGenerationLog } from './memory-generation-log';

export interface LocalFirstOptions {
  /** This process's runs. */
  local: MemoryGenerationLog;
  /** Every instance's runs (Redis). */
  shared: GenerationLog;
  /** True while the shared log is known to be unreachable: it is then skipped instead of waited on. */
  isDown: () => boolean;
  onError: (error: unknown) => void;
}

/** Writes each event to both logs; the local writer's seq is the run's. */
function teeWriter(
  mine: GenerationWriter,
  theirs: GenerationWriter,
  isDown: () => boolean,
): GenerationWriter {
  return {
    meta: mine.meta,
    append(type, data) {
      const seq = mine.append(type, data);
      theirs.append(type, data);
      return seq;
    },
    async end(type, data) {
      const seq = await mine.end(type, data);
      // Always ended (it stops the heartbeat), but not waited on while Redis is away.
      const ended = theirs.end(type, data);
      if (!isDown()) await ended;
      return seq;
    },
  };
}

async function* nothing(): AsyncIterable<LogEntry> {
  // A run of another instance cannot be read while the shared log is down.
}

/**
 * The generation log of one of several instances: a run started here is written to this process's memory
 * and to the shared log. Subscribers here read memory, so a reply keeps streaming to its client while Redis
 * is away; other instances find, read and follow it in Redis. While Redis is down a run started then is
 * known only here (docs/decisions.md "Redis down").
 */
export function createLocalFirstGenerationLog(options: LocalFirstOptions): GenerationLog {
  const { local, shared, isDown, onError } = options;

  async function open(meta: GenerationMeta): Promise<GenerationWriter> {
    const mine = await local.open(meta);
    if (isDown()) return mine;
    const theirs = await shared.open(meta).catch((error: unknown) => {
      onError(error);
      return undefined;
    });
    return theirs ? teeWriter(mine, theirs, isDown) : mine;
  }

  return {
    open,
    async findActive(userId, conversationId, messageId) {
      if (!isDown()) {
        const found = await shared.findActive(userId, conversationId, messageId).catch(() => null);
        if (found) return found;
      }
      return local.findActive(userId, conversationId, messageId);
    },
    read(generationId, afterSeq, signal) {
      if (local.has(generationId)) return local.read(generationId, afterSeq, signal);
      return isDown() ? nothing() : shared.read(generationId, afterSeq, signal);
    },
    async snapshot(generationId) {
      if (local.has(generationId)) return local.snapshot(generationId);
      return isDown() ? [] : shared.snapshot(generationId).catch(() => []);
    },
    async close() {
      await Promise.all([local.close(), shared.close()]);
    },
  };
}
