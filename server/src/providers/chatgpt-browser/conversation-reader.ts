// Reads the answer events of one ChatGPT web turn: deltas from the whole-message snapshots, the upstream
// ids for the next turn, the finish details, and errors sent inside the stream.
import { ProviderError } from '../types';
import type { FinishReason, ProviderEvent, Usage } from '../types';
import { parseConversationEvent, replyTextOf } from './conversation-event';
import type { ConversationMessage } from './conversation-event';
import { WholeTextDeltas } from './whole-text-deltas';

const RATE_LIMIT = /rate limit|too many requests|limit of messages/i;

function mapFinishType(type: string | undefined): FinishReason {
  switch (type) {
    case undefined:
    case 'stop':
      return 'stop';
    case 'max_tokens':
      return 'length';
    default:
      return 'other';
  }
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message;
  }
  return JSON.stringify(error);
}

export class ConversationReader {
  private readonly deltas = new WholeTextDeltas();
  private conversation: string | undefined;
  private last: ConversationMessage | undefined;

  /** The events for one `data:` payload (not `[DONE]`). */
  read(data: string): ProviderEvent[] {
    const event = parseConversationEvent(data);
    if (!event) return [];
    if (event.error) {
      const message = `ChatGPT: ${errorText(event.error)}`;
      throw new ProviderError(RATE_LIMIT.test(message) ? 'rate_limit' : 'upstream', message);
    }
    if (event.conversation_id) this.conversation = event.conversation_id;
    const message = event.message;
    const text = message ? replyTextOf(message) : undefined;
    if (!message || text === undefined) return [];
    this.last = message;
    const delta = this.deltas.next(text);
    return delta === '' ? [] : [{ type: 'text-delta', delta }];
  }

  /** True once the assistant message reported itself complete. */
  get finished(): boolean {
    return this.last?.status === 'finished_successfully' || this.last?.end_turn === true;
  }

  get text(): string {
    return this.deltas.text;
  }

  /** The upstream ids of this turn, once the answer named them. */
  get ids(): { conversationId: string; messageId: string } | undefined {
    if (!this.conversation || !this.last) return undefined;
    return { conversationId: this.conversation, messageId: this.last.id };
  }

  finish(usage: Usage): ProviderEvent {
    const type = this.last?.metadata?.finish_details?.type;
    const rawReason = type ?? this.last?.status ?? undefined;
    return { type: 'finish', reason: mapFinishType(type), ...(rawReason ? { rawReason } : {}), usage };
  }
}
