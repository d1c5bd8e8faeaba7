// The SignalR type-4 invocation of the ChatHub's `chat` target for one turn.
import { randomBytes } from 'node:crypto';
import type { BingSession } from './bing-session';
import { ALLOWED_MESSAGE_TYPES, optionsSetsFor } from './bing-tone-options';
import type { BingTurnPlan } from './plan-bing-turn';

export interface InvocationOptions {
  /** Let Bing answer with Image Creator pictures. */
  imageCreation: boolean;
}

export function buildBingInvocation(
  plan: BingTurnPlan,
  session: BingSession,
  options: InvocationOptions,
): Record<string, unknown> {
  const jailbreak = plan.jailbreakConversationId !== undefined;
  const argument = {
    source: 'cib',
    optionsSets: optionsSetsFor(plan.tone, { jailbreak, imageCreation: options.imageCreation }),
    allowedMessageTypes: [...ALLOWED_MESSAGE_TYPES],
    sliceIds: [],
    traceId: randomBytes(16).toString('hex'),
    isStartOfSession: jailbreak || session.invocationId === 0,
    message: { author: 'user', text: plan.text, messageType: 'Chat', timestamp: new Date().toISOString() },
    ...(session.encryptedConversationSignature
      ? { encryptedConversationSignature: session.encryptedConversationSignature }
      : {}),
    ...(session.conversationSignature ? { conversationSignature: session.conversationSignature } : {}),
    participant: { id: session.clientId },
    conversationId: session.conversationId,
    ...(plan.previousMessages.length > 0 ? { previousMessages: plan.previousMessages } : {}),
  };
  return { arguments: [argument], invocationId: String(session.invocationId), target: 'chat', type: 4 };
}
