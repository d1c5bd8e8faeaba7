import type { Logger } from 'pino';
import type { EmbeddedDatabaseEvent } from './worker-client';

/** One line per event: a crash is an error, the restart that follows is info. */
export function logEmbeddedDatabaseEvent(logger: Logger, event: EmbeddedDatabaseEvent): void {
  switch (event.type) {
    case 'crashed':
      logger.error(
        { reason: event.reason },
        'the embedded database stopped unexpectedly; restarting it (committed data is kept)',
      );
      return;
    case 'restarted':
      logger.info({ ms: event.ms }, 'the embedded database is back');
      return;
    case 'restart-failed':
      logger.error({ err: event.error, retryInMs: event.retryInMs }, 'the embedded database did not restart');
  }
}
