import type { Conversation } from '@parley/shared/schemas/conversation';
import { endpointOptionsSchema } from '@parley/shared/schemas/endpoint-options';
import type { ConversationSetup } from './build-request';

/** A saved conversation's endpoint, model and options: what its next message is sent with. */
export function setupFromConversation(conversation: Conversation): ConversationSetup {
  const options = endpointOptionsSchema.partial().safeParse(conversation);
  return {
    ...(options.success ? options.data : {}),
    endpoint: conversation.endpoint,
    endpointType: conversation.endpointType ?? null,
    model: conversation.model ?? '',
  };
}
