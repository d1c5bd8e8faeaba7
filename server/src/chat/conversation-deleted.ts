// A conversation deleted while a reply is being generated in it: the run is stopped from wherever the delete
// happened (the abort bus reaches every instance) and its stream ends with a notice, not an error.
import type { AbortBus } from '../coordination/generation-log';

/** What the stream's `final` says (`info`) when its conversation was deleted mid-reply. */
export const CONVERSATION_DELETED = 'This conversation was deleted';

/** The abort-bus key runs of `conversationId` (or, without one, of every conversation of the user) listen to. */
export const deletedKey = (userId: string, conversationId?: string): string =>
  conversationId === undefined ? `deleted:${userId}` : `deleted:${userId}:${conversationId}`;

/** Tells the runs of a deleted conversation (or of all the user's, when cleared) to stop. */
export async function announceDeleted(bus: AbortBus, userId: string, conversationId?: string): Promise<void> {
  await bus.abort(deletedKey(userId, conversationId));
}
