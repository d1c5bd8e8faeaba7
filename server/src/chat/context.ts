// The prompt of a turn: the newest messages of the path to the root that fit the model's context window,
// leaving room for the reply (reference §12.9, without its quirks: the reply's room is reserved).
import type { Message } from '@parley/shared/schemas/message';
import type { PromptMessage, PromptPart } from '../providers/types';
import { promptFilePart, promptFileTokens, type PromptFile } from './prompt-files';

/** Tokens a chat message costs beyond its text (role and separators), and the reply's priming. */
export const MESSAGE_OVERHEAD_TOKENS = 4;
export const REPLY_PRIMING_TOKENS = 3;

export interface ContextInput {
  /** Saved messages before the user message, oldest first. */
  history: readonly Message[];
  /**
   * The user message the reply answers, with its stored token count (of the text alone) when it has one,
   * and its files as the model gets them.
   */
  user: { text: string; tokenCount?: number | null | undefined; files?: readonly PromptFile[] | undefined };
  /** Files of history messages, by messageId, as the model gets them (absent: none are sent). */
  historyFiles?: ReadonlyMap<string, readonly PromptFile[]> | undefined;
  /** Reply text already there (edit or continue): sent as the last, assistant, turn. */
  prefix: string;
  system: string | undefined;
  /** The model's context window and the room kept for the reply. */
  windowTokens: number;
  replyTokens: number;
  countTokens: (text: string) => number;
  /** When a summary is due (the YAML `summarization.trigger`); absent: as soon as a message is left out. */
  summaryTrigger?: SummaryTrigger | undefined;
}

/** LibreChat's `summarization.trigger`: a share of the window, tokens left in it, or messages left out. */
export interface SummaryTrigger {
  type: 'token_ratio' | 'remaining_tokens' | 'messages_to_refine';
  value: number;
}

/** How a summary and the user's first request reach the model: in the system prompt, after the chat's own. */
export const FIRST_REQUEST_INTRO = "The user's first request in this conversation was:";
export const SUMMARY_INTRO = 'A summary of the conversation before the messages that follow:';

export interface BuiltContext {
  messages: PromptMessage[];
  /** The system prompt to send: the chat's, with the first request and the summary when one is used. */
  system: string | undefined;
  /** The message whose summary stands for the path up to it (it and the messages before it are not sent). */
  summarizedUpTo?: string | undefined;
  /** The newest history message left out for lack of room. */
  newestDropped?: string | undefined;
  /**
   * Where a new summary would end, when one is due: the newest message left out, or with a token trigger the
   * newest one beyond the trigger's share of the window (it may still be sent this turn).
   */
  summaryUntil?: string | undefined;
  /** The model's context window the prompt was fitted into. */
  windowTokens: number;
  promptTokens: number;
  /** Tokens of the user message's text (stored on it; its files are counted apart). */
  userTokens: number;
  /** Counts computed for history messages that had none, to store on them. */
  missingCounts: Map<string, number>;
  /** How many history messages were left out because they did not fit. */
  dropped: number;
}

/** The prompt cannot fit even with no history at all. */
export class ContextLengthError extends Error {
  constructor(
    readonly promptTokens: number,
    readonly maxTokens: number,
  ) {
    super(
      `The message is too long for this model: the prompt needs ${promptTokens} tokens but only ${maxTokens} fit (context window minus the room kept for the reply). Shorten the message or start a new conversation.`,
    );
    this.name = 'ContextLengthError';
  }
}

const textTurn = (role: 'user' | 'assistant', text: string): PromptMessage => ({
  role,
  parts: [{ type: 'text', text }],
});

/** Images first (vision models read them best before the question), then documents, then the user's text. */
function userTurn(text: string, files: readonly PromptFile[]): PromptMessage {
  const images = files.filter((file) => file.kind === 'image');
  const others = files.filter((file) => file.kind !== 'image');
  const parts: PromptPart[] = [...images, ...others].map(promptFilePart);
  parts.push({ type: 'text', text });
  return { role: 'user', parts };
}

const filesTokens = (files: readonly PromptFile[], countTokens: (text: string) => number): number =>
  files.reduce((sum, file) => sum + promptFileTokens(file, countTokens), 0);

/** Messages that carry model-facing text: error replies and empty ones are not part of the dialogue. */
const inDialogue = (message: Message): boolean => !message.error && message.text.trim() !== '';

/** The newest message of the history with a summary, and the system prompt that carries it. */
function summarized(input: ContextInput): { at: number; system: string | undefined } {
  const at = input.history.findLastIndex((message) => (message.summary ?? '').trim() !== '');
  const summary = input.history[at]?.summary;
  if (at < 0 || !summary) return { at: -1, system: input.system };
  const first = input.history[0];
  const blocks = [input.system];
  // The user's first request is never folded away: it goes with the summary, word for word.
  if (first?.isCreatedByUser && inDialogue(first)) blocks.push(`${FIRST_REQUEST_INTRO}\n${first.text}`);
  blocks.push(`${SUMMARY_INTRO}\n${summary}`);
  return { at, system: blocks.filter((block): block is string => Boolean(block)).join('\n\n') };
}

export function buildContext(input: ContextInput): BuiltContext {
  const { countTokens } = input;
  const { at: summaryAt, system } = summarized(input);
  const budget = input.windowTokens - input.replyTokens;
  const userTokens = input.user.tokenCount ?? countTokens(input.user.text);
  const userFiles = input.user.files ?? [];
  const filesOf = (message: Message): readonly PromptFile[] =>
    (message.isCreatedByUser ? input.historyFiles?.get(message.messageId) : undefined) ?? [];
  let used =
    REPLY_PRIMING_TOKENS +
    (system ? countTokens(system) + MESSAGE_OVERHEAD_TOKENS : 0) +
    userTokens +
    filesTokens(userFiles, countTokens) +
    MESSAGE_OVERHEAD_TOKENS +
    (input.prefix ? countTokens(input.prefix) + MESSAGE_OVERHEAD_TOKENS : 0);
  if (used > budget) throw new ContextLengthError(used, Math.max(0, budget));
  const baseTokens = used;

  const missingCounts = new Map<string, number>();
  const costOf = (message: Message): number => {
    const tokens = message.tokenCount ?? missingCounts.get(message.messageId) ?? countTokens(message.text);
    if (message.tokenCount == null) missingCounts.set(message.messageId, tokens);
    return tokens + filesTokens(filesOf(message), countTokens) + MESSAGE_OVERHEAD_TOKENS;
  };
  const kept: Message[] = [];
  const candidates = input.history.slice(summaryAt + 1).filter(inDialogue);
  for (let i = candidates.length - 1; i >= 0; i--) {
    const message = candidates[i];
    if (!message) continue;
    const cost = costOf(message);
    if (used + cost > budget) break;
    used += cost;
    kept.push(message);
  }
  kept.reverse();
  const newestDropped = candidates[candidates.length - kept.length - 1]?.messageId;
  const summaryUntil = summaryEnd(input, { budget, candidates, kept, newestDropped, baseTokens, costOf });

  const messages = kept.map((m) =>
    m.isCreatedByUser ? userTurn(m.text, filesOf(m)) : textTurn('assistant', m.text),
  );
  messages.push(userTurn(input.user.text, userFiles));
  if (input.prefix) messages.push(textTurn('assistant', input.prefix));
  return {
    messages,
    system,
    summarizedUpTo: input.history[summaryAt]?.messageId,
    newestDropped,
    summaryUntil,
    windowTokens: input.windowTokens,
    promptTokens: used,
    userTokens,
    missingCounts,
    dropped: candidates.length - kept.length,
  };
}

/**
 * Where a new summary would end (see `BuiltContext.summaryUntil`). Without a trigger, or `messages_to_refine`:
 * the newest message left out (once that many are). With a token trigger: once the whole history would take
 * the prompt past the trigger's tokens, the newest message that does not fit within them; messages left out
 * for lack of room always make a summary due, whichever comes first.
 */
function summaryEnd(
  input: ContextInput,
  turn: {
    budget: number;
    candidates: readonly Message[];
    kept: readonly Message[];
    newestDropped: string | undefined;
    baseTokens: number;
    costOf: (message: Message) => number;
  },
): string | undefined {
  const trigger = input.summaryTrigger;
  const dropped = turn.candidates.length - turn.kept.length;
  if (!trigger || trigger.type === 'messages_to_refine') {
    return dropped >= (trigger?.value ?? 1) ? turn.newestDropped : undefined;
  }
  const limit = Math.min(
    turn.budget,
    trigger.type === 'token_ratio'
      ? Math.floor(trigger.value * input.windowTokens)
      : input.windowTokens - trigger.value,
  );
  let used = turn.baseTokens;
  for (let i = turn.candidates.length - 1; i >= 0; i--) {
    const message = turn.candidates[i];
    if (!message) continue;
    used += turn.costOf(message);
    if (used > limit) return message.messageId;
  }
  return undefined;
}
