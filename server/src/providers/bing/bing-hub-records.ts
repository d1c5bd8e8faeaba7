// The parts of ChatHub records the adapter reads: type-1 `update`s, the type-2 item, type-3 and type-7.
import { z } from 'zod';

const sourceSchema = z.object({
  providerDisplayName: z.string().nullish(),
  seeMoreUrl: z.string(),
});

const messageSchema = z.object({
  text: z.string().nullish(),
  author: z.string(),
  messageId: z.string().nullish(),
  messageType: z.string().nullish(),
  contentType: z.string().nullish(),
  contentOrigin: z.string().nullish(),
  offense: z.string().nullish(),
  spokenText: z.string().nullish(),
  sourceAttributions: z.array(sourceSchema).nullish(),
  suggestedResponses: z.array(z.object({ text: z.string() })).nullish(),
});

const itemSchema = z.object({
  messages: z.array(messageSchema).nullish(),
  conversationExpiryTime: z.string().nullish(),
  result: z.object({ value: z.string(), message: z.string().nullish() }).nullish(),
});

const recordSchema = z.object({
  type: z.number().optional(),
  target: z.string().optional(),
  arguments: z.array(z.object({ messages: z.array(messageSchema).nullish() })).nullish(),
  item: itemSchema.nullish(),
  error: z.string().nullish(),
});

export type HubMessage = z.infer<typeof messageSchema>;
export type HubItem = z.infer<typeof itemSchema>;
export type HubSource = z.infer<typeof sourceSchema>;

export type HubRecord =
  | { type: 'update'; messages: HubMessage[] }
  | { type: 'item'; item: HubItem }
  | { type: 'invocation-end'; error?: string }
  | { type: 'close'; error?: string }
  | { type: 'other' };

/** Classifies one record; one that does not fit its type's shape is ignored as `other`. */
export function readHubRecord(value: unknown): HubRecord {
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) return { type: 'other' };
  const record = parsed.data;
  const error = record.error ? { error: record.error } : {};
  switch (record.type) {
    case 1:
      return record.target === 'update'
        ? { type: 'update', messages: record.arguments?.[0]?.messages ?? [] }
        : { type: 'other' };
    case 2:
      return record.item ? { type: 'item', item: record.item } : { type: 'invocation-end', ...error };
    case 3:
      return { type: 'invocation-end', ...error };
    case 7:
      return { type: 'close', ...error };
    default:
      return { type: 'other' };
  }
}

/** The bot's reply text in an update or the final messages: not a search, a loader line or an image prompt. */
export function isReplyMessage(message: HubMessage): boolean {
  return message.author === 'bot' && !message.messageType && message.contentType !== 'IMAGE';
}
