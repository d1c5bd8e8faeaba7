import type { Counters } from './counters';
import type { AbortBus, GenerationLog } from './generation-log';

/**
 * What server instances share: in-process for a single instance, Redis (`REDIS_URL`) for several.
 * Counters serve rate limits, violation scores and bans; the generation log and abort bus let any instance
 * follow, resume and stop a reply another one runs. One set of connections, closed by `close()`.
 */
export interface Coordination {
  readonly kind: 'memory' | 'redis';
  readonly counters: Counters;
  readonly generationLog: GenerationLog;
  readonly abortBus: AbortBus;
  close(): Promise<void>;
}
