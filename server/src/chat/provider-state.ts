// Continuation state: what a provider hands back after a turn (its `provider-state` event) is kept on the
// conversation and passed back as `params.providerState` on the conversation's next turn. The server's copy
// is the only one used: state fields in a chat request are ignored.
import type { Conversation } from '@parley/shared/schemas/conversation';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import type { RunContext } from './run-context';

type State = Record<string, unknown>;

/** The endpoint option fields that hold continuation state, set only from a provider's state. */
const STATE_FIELDS = [
  'providerState',
  'conversationSignature',
  'clientId',
  'invocationId',
  'jailbreakConversationId',
] as const satisfies readonly (keyof EndpointOptions)[];

type StateFields = Pick<EndpointOptions, (typeof STATE_FIELDS)[number]>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * The option fields that save `state`: the whole record, and the conversation fields the original
 * product shows beside it (a conversation signature, client and invocation ids, the jailbreak id).
 */
export function stateFields(state: State): StateFields {
  const invocationId = state.invocationId;
  const fields: StateFields = { providerState: state };
  const signature = text(state.conversationSignature) ?? text(state.encryptedConversationSignature);
  if (signature) fields.conversationSignature = signature;
  if (text(state.clientId)) fields.clientId = text(state.clientId);
  if (typeof invocationId === 'number' && Number.isInteger(invocationId)) fields.invocationId = invocationId;
  if (text(state.jailbreakConversationId))
    fields.jailbreakConversationId = text(state.jailbreakConversationId);
  return fields;
}

/** The request's options without state fields, with the stored conversation's when it stays on its endpoint. */
export function withStoredState(
  options: EndpointOptions,
  stored: Conversation | null,
  endpoint: string,
): EndpointOptions {
  const kept: Record<string, unknown> = { ...options };
  for (const field of STATE_FIELDS) delete kept[field];
  if (stored?.endpoint !== endpoint) return kept;
  for (const field of STATE_FIELDS) {
    const value = stored[field];
    if (value !== undefined && value !== null) kept[field] = value;
  }
  return kept;
}

/** `params.providerState` of a turn: the stored state, with the conversation's `jailbreak` choice. */
export function turnProviderState(options: EndpointOptions): State | undefined {
  const stored = options.providerState ?? undefined;
  if (options.jailbreak === undefined) return stored;
  return { ...stored, jailbreak: options.jailbreak };
}

/** Saves the state the provider handed back; the conversation as it now is (as it was when that failed). */
export async function saveProviderState(ctx: RunContext, state: State | undefined): Promise<Conversation> {
  if (!state) return ctx.conversation;
  try {
    return await ctx.deps.conversations.saveState(
      ctx.userId,
      ctx.conversation.conversationId,
      stateFields(state),
    );
  } catch (error) {
    ctx.deps.logger.warn({ err: error }, 'could not save the provider state of the conversation');
    return ctx.conversation;
  }
}
