// What one Bing turn sends, decided from the ChatRequest alone: the mode (BingAI or Sydney), the message,
// the tone, the conversation to continue and the context entries.
import { randomUUID } from 'node:crypto';
import { ProviderError } from '../types';
import type { ChatRequest } from '../types';
import { continuationOf, readBingState } from './bing-session';
import type { BingSession } from './bing-session';
import { DEFAULT_TONE } from './bing-tone-options';
import type { ToneStyle } from './bing-tone-options';
import { contextEntry, sydneyTranscript, textOf } from './sydney-context';
import type { ContextEntry } from './sydney-context';

/** The `bingAI` model that selects Sydney mode (the other is `BingAI`). */
export const SYDNEY_MODEL = 'Sydney';

export interface BingTurnPlan {
  text: string;
  tone: ToneStyle;
  /** Set in Sydney mode: Parley's id for the conversation, kept across turns. */
  jailbreakConversationId?: string;
  /** Normal mode only: the Bing conversation of the previous turn. */
  continuation?: BingSession;
  previousMessages: ContextEntry[];
  /** Everything the model reads this turn, for counting input tokens. */
  promptText: string;
}

function latestUserIndex(req: ChatRequest): number {
  const index = req.messages.findLastIndex((message) => message.role === 'user');
  const latest = req.messages[index];
  if (!latest || textOf(latest).trim() === '') {
    throw new ProviderError('bad_request', 'There is no user message to send to Bing.');
  }
  return index;
}

export function planBingTurn(req: ChatRequest): BingTurnPlan {
  const state = readBingState(req.params.providerState);
  const index = latestUserIndex(req);
  const text = req.messages[index] ? textOf(req.messages[index]) : '';
  const tone = req.params.toneStyle ?? DEFAULT_TONE;
  if (req.model.toLowerCase() === SYDNEY_MODEL.toLowerCase() || state.jailbreak === true) {
    const transcript = sydneyTranscript(req.system, req.messages.slice(0, index));
    return {
      text,
      tone,
      jailbreakConversationId: state.jailbreakConversationId ?? randomUUID(),
      previousMessages: [contextEntry(transcript, 'sydney-context')],
      promptText: `${transcript}\n\n${text}`,
    };
  }
  const continuation = continuationOf(state);
  // Bing keeps the history of its own conversation; a system prompt can only open one, as context.
  const context = !continuation && req.system?.trim() ? [contextEntry(req.system, 'parley-context')] : [];
  return {
    text,
    tone,
    ...(continuation ? { continuation } : {}),
    previousMessages: context,
    promptText: [...context.map((entry) => entry.description), text].join('\n\n'),
  };
}
