// Bing Chat's SignalR messages for one invocation: type-1 `update`s whose bot message carries the WHOLE
// text so far, then a type-2 item with the final messages and the result, then type 3.
import { randomUUID } from 'node:crypto';
import { contentDeltas } from './chat-payloads';
import type { BingReply, BingSource } from './bing-script';
import type { FramePlan } from './play-completion';

export interface HubTurn {
  conversationId: string;
  clientId: string;
  invocationId: string;
  requestId: string;
  userText: string;
  /** The user messages of the conversation so far, this one included. */
  userMessageCount: number;
}

export type HubRecord = Record<string, unknown>;

const MAX_USER_MESSAGES = 30;
const EXPIRY_MS = 6 * 60 * 60 * 1000;
const FEEDBACK = { tag: null, updatedOn: null, type: 'None' };

function stamp(): { createdAt: string; timestamp: string } {
  const now = new Date().toISOString();
  return { createdAt: now, timestamp: now };
}

/** The adaptive card text: link definitions of the sources, then the text with its `[^n^]` markers. */
function cardText(text: string, sources: readonly BingSource[]): string {
  if (sources.length === 0) return text;
  const links = sources.map((s, i) => `[${i + 1}]: ${s.seeMoreUrl} "${s.providerDisplayName}"`);
  return `${links.join('\n')}\n\n${text}`;
}

function botMessage(turn: HubTurn, messageId: string, text: string, fields: HubRecord = {}): HubRecord {
  return {
    text,
    author: 'bot',
    ...stamp(),
    messageId,
    requestId: turn.requestId,
    offense: 'None',
    feedback: FEEDBACK,
    contentOrigin: 'DeepLeo',
    privacy: null,
    ...fields,
  };
}

function replyMessage(turn: HubTurn, messageId: string, text: string, reply: BingReply): HubRecord {
  const sources = reply.sourceAttributions ?? [];
  return botMessage(turn, messageId, text, {
    adaptiveCards: [
      {
        type: 'AdaptiveCard',
        version: '1.0',
        body: [{ type: 'TextBlock', text: cardText(text, sources), wrap: true }],
      },
    ],
    sourceAttributions: sources.map((s) => ({ ...s, imageLink: null })),
  });
}

function suggestion(text: string): HubRecord {
  const fields = { messageType: 'Suggestion', offense: 'Unknown', feedback: FEEDBACK, privacy: null };
  return { text, author: 'user', ...stamp(), messageId: randomUUID(), contentOrigin: 'DeepLeo', ...fields };
}

function userMessage(turn: HubTurn, reply: BingReply): HubRecord {
  return {
    text: turn.userText,
    author: 'user',
    from: { id: turn.clientId, name: null },
    ...stamp(),
    locale: 'en-us',
    market: 'en-us',
    region: 'us',
    messageId: randomUUID(),
    requestId: turn.requestId,
    offense: reply.apology === undefined ? 'None' : 'OffenseTrigger',
    feedback: FEEDBACK,
    contentOrigin: 'cib',
    privacy: null,
    inputMethod: 'Keyboard',
  };
}

function update(turn: HubTurn, message: HubRecord): HubRecord {
  return { type: 1, target: 'update', arguments: [{ messages: [message], requestId: turn.requestId }] };
}

/** The type-2 item that ends an invocation; `messages` is empty for a failed one. */
export function completion(turn: HubTurn, messages: HubRecord[], result: HubRecord): HubRecord {
  const item = {
    messages,
    firstNewMessageIndex: messages.length > 0 ? 1 : null,
    defaultChatName: null,
    conversationId: turn.conversationId,
    requestId: turn.requestId,
    conversationExpiryTime: new Date(Date.now() + EXPIRY_MS).toISOString(),
    shouldInitiateConversation: true,
    telemetry: { startTime: new Date().toISOString() },
    throttling: {
      maxNumUserMessagesInConversation: MAX_USER_MESSAGES,
      numUserMessagesInConversation: turn.userMessageCount,
    },
    result: { serviceVersion: '20240101.10', ...result },
  };
  return { type: 2, invocationId: turn.invocationId, item };
}

export function invocationEnd(turn: HubTurn): HubRecord {
  return { type: 3, invocationId: turn.invocationId };
}

interface SideMessages {
  search: HubRecord | undefined;
  image: HubRecord | undefined;
}

function sideMessages(turn: HubTurn, reply: BingReply): SideMessages {
  const search =
    reply.searchQuery === undefined
      ? undefined
      : botMessage(turn, randomUUID(), `Searching for: \`${reply.searchQuery}\``, {
          hiddenText: reply.searchQuery,
          messageType: 'InternalSearchQuery',
        });
  const image =
    reply.imagePrompt === undefined
      ? undefined
      : botMessage(turn, randomUUID(), reply.imagePrompt, {
          contentType: 'IMAGE',
          messageType: 'GenerateContentQuery',
        });
  return { search, image };
}

function finalMessages(
  turn: HubTurn,
  reply: BingReply,
  botId: string,
  text: string,
  side: SideMessages,
): HubRecord[] {
  const final =
    reply.apology === undefined
      ? replyMessage(turn, botId, text, reply)
      : botMessage(turn, botId, reply.apology, { contentOrigin: 'Apology' });
  const suggestions = (reply.suggestedResponses ?? []).map(suggestion);
  const withSuggestions = suggestions.length > 0 ? { ...final, suggestedResponses: suggestions } : final;
  return [
    userMessage(turn, reply),
    ...(side.search ? [side.search] : []),
    withSuggestions,
    ...(side.image ? [side.image] : []),
  ];
}

/** Cumulative texts: `['He', 'llo']` → `['He', 'Hello']`. */
function wholeTexts(deltas: readonly string[]): string[] {
  let soFar = '';
  return deltas.map((delta) => (soFar += delta));
}

export function planHubReply(turn: HubTurn, reply: BingReply): FramePlan<HubRecord> {
  const botId = randomUUID();
  const texts = wholeTexts(contentDeltas(reply));
  const side = sideMessages(turn, reply);
  const head = side.search ? [update(turn, side.search)] : [];
  const deltas = texts.map((text) => update(turn, replyMessage(turn, botId, text, reply)));
  if (reply.hubError !== undefined) {
    return { head, deltas, tail: [{ type: 7, error: reply.hubError, allowReconnect: true }] };
  }
  const retraction =
    reply.apology === undefined
      ? []
      : [update(turn, botMessage(turn, botId, reply.apology, { contentOrigin: 'Apology' }))];
  const text = texts.at(-1) ?? '';
  const result = { value: 'Success', message: reply.apology ?? text, ...reply.result };
  const failed = reply.result !== undefined && reply.result.value !== 'Success';
  const messages = failed ? [] : finalMessages(turn, reply, botId, text, side);
  return { head, deltas, tail: [...retraction, completion(turn, messages, result), invocationEnd(turn)] };
}
