import { z } from 'zod';
import { conversationSchema } from './conversation';
import { messageSchema } from './message';

/**
 * LibreChat's fork options. `directPath`: the visible path from the root to the message; `includeBranches`:
 * that path and the other answers (siblings) of each message on it; `target`: every branch, down to the
 * message's depth. With `splitAtTarget` the fork starts at the message instead of the root and runs down to
 * the newest message below it.
 */
export const FORK_OPTIONS = ['directPath', 'includeBranches', 'target'] as const;
export type ForkOption = (typeof FORK_OPTIONS)[number];

export const forkBodySchema = z.object({
  conversationId: z.uuid({ error: 'must be a conversation id' }),
  messageId: z.uuid({ error: 'must be a message id' }),
  option: z
    .enum(FORK_OPTIONS, { error: 'must be directPath, includeBranches or target' })
    .default('directPath'),
  splitAtTarget: z.boolean().optional(),
});
export type ForkBody = z.infer<typeof forkBodySchema>;

export const duplicateBodySchema = z.object({
  conversationId: z.uuid({ error: 'must be a conversation id' }),
});

/** `POST /api/convos/fork` and `/duplicate`: the new conversation and its copied messages, oldest first. */
export const forkResponseSchema = z.object({
  conversation: conversationSchema,
  messages: z.array(messageSchema),
});
export type ForkResponse = z.infer<typeof forkResponseSchema>;
