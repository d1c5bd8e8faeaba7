import { z } from 'zod';
import { abortRequestSchema } from './chat-request';

/** SPEC §3 "Assistant run statuses". */
export const RUN_STATUSES = [
  'queued',
  'in_progress',
  'requires_action',
  'cancelling',
  'cancelled',
  'failed',
  'completed',
  'expired',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
/** A run in one of these has ended. */
export const FINAL_RUN_STATUSES: readonly RunStatus[] = ['cancelled', 'failed', 'completed', 'expired'];

export const runUsageSchema = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
});
export type RunUsage = z.infer<typeof runUsageSchema>;

/** One run of an assistant on a thread; times in seconds since the epoch. */
export const runSchema = z.object({
  id: z.string(),
  object: z.literal('thread.run'),
  thread_id: z.string(),
  assistant_id: z.string(),
  model: z.string(),
  status: z.enum(RUN_STATUSES),
  created_at: z.number().int(),
  started_at: z.number().int().nullable(),
  completed_at: z.number().int().nullable(),
  cancelled_at: z.number().int().nullable(),
  failed_at: z.number().int().nullable(),
  expires_at: z.number().int().nullable(),
  last_error: z.object({ code: z.string(), message: z.string() }).nullable(),
  usage: runUsageSchema.nullable(),
});
export type Run = z.infer<typeof runSchema>;

/** `POST /api/assistants/chat` (API.md "Assistants and actions"). */
export const assistantsChatRequestSchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .max(1_000_000, 'text is too long (at most 1,000,000 characters)'),
  model: z.string({ error: 'model is required' }).min(1, 'model is required').max(256),
  assistant_id: z
    .string({ error: 'Missing assistant_id' })
    .min(1, 'Missing assistant_id')
    .max(256, 'assistant_id is too long'),
  instructions: z.string().max(32_768).nullish(),
  promptPrefix: z.string().max(100_000).nullish(),
  thread_id: z.string().max(256).nullish(),
  conversationId: z.union([z.uuid(), z.literal('new')]).nullish(),
  parentMessageId: z.uuid().nullish(),
  messageId: z.uuid().nullish(),
  responseMessageId: z.uuid().nullish(),
  files: z
    .array(z.object({ file_id: z.string().min(1, 'file_id is required').max(256) }).loose())
    .max(100)
    .optional(),
  endpoint: z.literal('assistants', { error: 'endpoint must be assistants' }).default('assistants'),
  key: z.string().nullish(),
});
export type AssistantsChatRequest = z.infer<typeof assistantsChatRequestSchema>;

/** `POST /api/assistants/chat/abort`: `abortKey` is `<conversationId>:<latest message id>`. */
export const assistantsAbortRequestSchema = abortRequestSchema;
