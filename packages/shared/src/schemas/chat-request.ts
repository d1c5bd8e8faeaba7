import { z } from 'zod';
import { endpointOptionsSchema } from './endpoint-options';

/**
 * Body of `POST /api/ask/{endpoint}` and `POST /api/edit/{endpoint}` (API.md "Chat"). Endpoint options are
 * flattened into the body, as the original product sends them.
 */
export const chatRequestSchema = endpointOptionsSchema.extend({
  text: z
    .string({ error: 'text is required' })
    .max(1_000_000, 'text is too long (at most 1,000,000 characters)'),
  /** null, absent or 'new' for a new conversation (the server picks its id). */
  conversationId: z.union([z.uuid(), z.literal('new')]).nullish(),
  parentMessageId: z.uuid().nullish(),
  overrideParentMessageId: z.uuid().nullish(),
  responseMessageId: z.uuid().nullish(),
  messageId: z.uuid().nullish(),
  generation: z.string().max(1_000_000).nullish(),
  isContinued: z.boolean().optional(),
  isEdited: z.boolean().optional(),
  isRegenerate: z.boolean().optional(),
  /** Uploaded files the message carries, by id (other fields the client sends along are ignored). */
  files: z
    .array(z.object({ file_id: z.string().min(1, 'file_id is required').max(256) }).loose())
    .max(100)
    .optional(),
  endpoint: z.string().min(1, 'endpoint is required').max(256),
  endpointType: z.string().max(256).nullish(),
  model: z.string().min(1, 'model is required').max(256),
  key: z.string().nullish(),
  /** A new conversation only: a temporary chat (not listed, searched, shared or exported; deleted later). */
  isTemporary: z.boolean().optional(),
});
export type ChatRequestBody = z.infer<typeof chatRequestSchema>;

export const abortRequestSchema = z.object({
  abortKey: z.string().min(1, 'abortKey is required'),
  endpoint: z.string().optional(),
});
