import { z } from 'zod';
import { budgetWarningSchema } from '../schemas/budget';
import { conversationSchema } from '../schemas/conversation';
import { contentPartSchema, messageSchema } from '../schemas/message';
import { turnContextSchema } from '../schemas/turn-context';

export { turnContextSchema, type TurnContext } from '../schemas/turn-context';

/** The events of a chat stream (API.md "Chat"), discriminated on `type`; the SSE event name equals `type`. */
export const createdEventSchema = z.object({
  type: z.literal('created'),
  created: z.literal(true),
  message: messageSchema,
  responseMessageId: z.string(),
  conversationId: z.string(),
  /** The reply's author label, decided once (`replySender`); the client names the streaming reply with it. */
  sender: z.string().optional(),
  context: turnContextSchema.optional(),
});

export const syncEventSchema = z.object({
  type: z.literal('sync'),
  conversationId: z.string(),
  thread_id: z.string().optional(),
  title: z.string().optional(),
});

/** A delta of reply text; `offset` is the length of the reply before this delta. */
export const textEventSchema = z.object({
  type: z.literal('text'),
  messageId: z.string(),
  conversationId: z.string(),
  text: z.string(),
  offset: z.number().int().min(0),
  /** The content part this delta extends (`offset` is then that part's length before it); absent → the only text part. */
  index: z.number().int().min(0).optional(),
});

export const contentEventSchema = z.object({
  type: z.literal('content'),
  messageId: z.string(),
  index: z.number().int().min(0),
  part: contentPartSchema,
});

export const errorEventSchema = z.object({
  type: z.literal('error'),
  kind: z.string(),
  message: z.string(),
  text: z.string(),
});

export const finalEventSchema = z.object({
  type: z.literal('final'),
  final: z.literal(true),
  conversation: conversationSchema,
  title: z.string(),
  requestMessage: messageSchema,
  responseMessage: messageSchema,
  /** A notice about how the run ended that is not an error ("This conversation was deleted": nothing saved). */
  info: z.string().optional(),
  /** Budgets at or above their warning percentage after this turn (API.md "Administration, budgets and usage"). */
  budgets: z.array(budgetWarningSchema).optional(),
});

export const chatEventSchema = z.discriminatedUnion('type', [
  createdEventSchema,
  syncEventSchema,
  textEventSchema,
  contentEventSchema,
  errorEventSchema,
  finalEventSchema,
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;
export type ChatEventType = ChatEvent['type'];
export type FinalEvent = z.infer<typeof finalEventSchema>;
