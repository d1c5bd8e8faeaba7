// One `data:` payload of the ChatGPT web backend's answer: the whole message so far, or an error.
import { z } from 'zod';

const messageSchema = z.object({
  id: z.string(),
  author: z.object({ role: z.string() }),
  content: z.object({ content_type: z.string(), parts: z.array(z.unknown()).nullish() }),
  status: z.string().nullish(),
  end_turn: z.boolean().nullish(),
  recipient: z.string().nullish(),
  metadata: z.object({ finish_details: z.object({ type: z.string() }).nullish() }).nullish(),
});

const eventSchema = z.object({
  message: messageSchema.nullish(),
  conversation_id: z.string().nullish(),
  error: z.unknown().nullish(),
});

export type ConversationMessage = z.infer<typeof messageSchema>;
export type ConversationEvent = z.infer<typeof eventSchema>;

/** The parsed payload, or undefined for one that is not JSON or not shaped like an answer event. */
export function parseConversationEvent(data: string): ConversationEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = eventSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** The text of an assistant message meant for the user, or undefined for anything else (echoes, tools). */
export function replyTextOf(message: ConversationMessage): string | undefined {
  if (message.author.role !== 'assistant') return undefined;
  if (message.recipient && message.recipient !== 'all') return undefined;
  if (message.content.content_type !== 'text') return undefined;
  const first = message.content.parts?.[0];
  return typeof first === 'string' ? first : undefined;
}
