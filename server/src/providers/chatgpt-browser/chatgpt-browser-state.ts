// The continuation state of a ChatGPT web conversation: the upstream conversation id and the message the
// next user message answers. Read from `params.providerState`, handed back in a `provider-state` event.
import { z } from 'zod';

const continuationSchema = z.object({
  conversationId: z.string().min(1),
  parentMessageId: z.string().min(1),
});

export type ChatGPTContinuation = z.infer<typeof continuationSchema>;

/** The state of the previous turn, when it holds both ids (the backend needs both or neither). */
export function readContinuation(
  state: Record<string, unknown> | undefined,
): ChatGPTContinuation | undefined {
  const parsed = continuationSchema.safeParse(state ?? {});
  return parsed.success ? parsed.data : undefined;
}

export interface ChatGPTTurnIds {
  conversationId: string;
  /** The upstream id of the assistant message just received. */
  messageId: string;
  /** The id this turn gave the user message. */
  userMessageId: string;
}

/** What the next turn needs: the same conversation, answering the assistant message just received. */
export function nextTurnState(ids: ChatGPTTurnIds): Record<string, unknown> {
  return {
    conversationId: ids.conversationId,
    parentMessageId: ids.messageId,
    messageId: ids.messageId,
    userMessageId: ids.userMessageId,
  };
}
