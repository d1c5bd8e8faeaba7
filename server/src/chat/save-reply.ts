// The final save of a reply, which waits out a short database outage instead of dropping the reply.
import type { Message } from '@parley/shared/schemas/message';
import { AppError } from '../lib/errors';
import type { MessageWrite } from './ports';
import type { RunContext } from './run-context';

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 4_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A save refused as not found: the conversation is no longer the user's (deleted meanwhile). Reply ids are
 * fresh UUIDs, so the other 404 (an id taken elsewhere) does not happen to a run.
 */
export const isConversationGone = (error: unknown): boolean =>
  error instanceof AppError && error.status === 404;

/**
 * Saves the reply; while the database is unreachable (a restart, a failover) it retries with backoff for
 * up to `settings.replySaveRetryMs`, the stream staying open meanwhile. Answers undefined when the reply
 * could not be saved, so the caller can say so instead of reporting it as saved.
 */
export async function saveReply(ctx: RunContext, write: MessageWrite): Promise<Message | undefined> {
  const { messages, logger, settings } = ctx.deps;
  const deadline = Date.now() + settings.replySaveRetryMs;
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
    try {
      return await messages.saveMessage(ctx.userId, write);
    } catch (error) {
      if (isConversationGone(error)) {
        // Not a failure of ours: the user deleted the conversation; the stream ends with a notice.
        ctx.abort.conversationDeleted = true;
        return undefined;
      }
      const retry = messages.isUnavailable(error) && Date.now() + delay <= deadline;
      const log = { err: error, messageId: write.messageId };
      if (!retry) {
        logger.error(log, 'could not save the reply');
        return undefined;
      }
      logger.warn({ ...log, retryInMs: delay }, 'the database is unavailable; retrying the reply save');
      await sleep(delay);
    }
  }
}
