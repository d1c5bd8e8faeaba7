// A Bing conversation as the ChatHub needs it, and the continuation state read from and handed back to
// the chat engine (`params.providerState` / the `provider-state` event).
import { z } from 'zod';

export interface BingSession {
  conversationId: string;
  clientId: string;
  encryptedConversationSignature?: string;
  /** Older create answers sent a plain signature in the body instead. */
  conversationSignature?: string;
  /** The SignalR invocation counter: 0 opens the session. */
  invocationId: number;
}

/** SPEC §9: a continued conversation without a stored counter resumes at 1. */
const DEFAULT_INVOCATION_ID = 1;

const stateSchema = z.object({
  jailbreak: z.boolean().optional(),
  jailbreakConversationId: z.string().min(1).optional(),
  conversationId: z.string().min(1).optional(),
  clientId: z.string().min(1).optional(),
  encryptedConversationSignature: z.string().min(1).optional(),
  conversationSignature: z.string().min(1).optional(),
  invocationId: z.coerce.number().int().min(0).optional(),
});

export type BingState = z.infer<typeof stateSchema>;

/** The known fields of the previous turn's state; anything malformed counts as absent. */
export function readBingState(state: Record<string, unknown> | undefined): BingState {
  const parsed = stateSchema.safeParse(state ?? {});
  return parsed.success ? parsed.data : {};
}

/** The Bing conversation to continue, when the state holds its ids and a signature. */
export function continuationOf(state: BingState): BingSession | undefined {
  const { conversationId, clientId, encryptedConversationSignature, conversationSignature } = state;
  if (!conversationId || !clientId || !(encryptedConversationSignature || conversationSignature))
    return undefined;
  return {
    conversationId,
    clientId,
    ...(encryptedConversationSignature ? { encryptedConversationSignature } : {}),
    ...(conversationSignature ? { conversationSignature } : {}),
    invocationId: state.invocationId ?? DEFAULT_INVOCATION_ID,
  };
}

export interface TurnResult {
  /** Bing's id of the reply message. */
  messageId?: string;
  suggestedResponses: string[];
  conversationExpiryTime?: string;
}

/** Normal mode: the same conversation next time, one invocation further. */
export function nextSessionState(session: BingSession, result: TurnResult): Record<string, unknown> {
  return {
    jailbreak: false,
    conversationId: session.conversationId,
    clientId: session.clientId,
    ...(session.encryptedConversationSignature
      ? { encryptedConversationSignature: session.encryptedConversationSignature }
      : {}),
    ...(session.conversationSignature ? { conversationSignature: session.conversationSignature } : {}),
    invocationId: session.invocationId + 1,
    ...result,
  };
}

/** Sydney mode: every turn opens a fresh Bing conversation; only our own conversation id carries over. */
export function nextJailbreakState(
  jailbreakConversationId: string,
  result: TurnResult,
): Record<string, unknown> {
  return { jailbreak: true, jailbreakConversationId, ...result };
}
