import { z } from 'zod';

/**
 * What the prompt of a turn holds (API.md "Long conversations"): the context gauge and the notices come from
 * it. The `created` event carries the turn's; a conversation keeps its latest turn's.
 */
export const turnContextSchema = z.object({
  windowTokens: z.number().int(),
  promptTokens: z.number().int(),
  /** Messages of the path left out without a summary standing for them. */
  droppedMessages: z.number().int(),
  /** The message whose summary stands for the path up to it. */
  summarizedUpTo: z.string().optional(),
});
export type TurnContext = z.infer<typeof turnContextSchema>;
