import { z } from 'zod';

/** A function tool call inside a reply (SPEC §3 "Tool call types"). */
export const toolCallSchema = z.object({
  id: z.string(),
  type: z.enum(['function', 'code_interpreter', 'retrieval']),
  name: z.string().optional(),
  arguments: z.string().optional(),
  output: z.string().nullish(),
  /** 0–1 while running, 1 when finished, 2+ when failed (SPEC §4 "Tool call progress"). */
  progress: z.number().optional(),
  input: z.string().optional(),
  outputs: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

export const imageFilePartSchema = z.object({
  file_id: z.string(),
  filepath: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});

/** One part of a message's content, discriminated on `type`. */
export const contentPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('error'), error: z.string() }),
  z.object({ type: z.literal('tool_call'), tool_call: toolCallSchema }),
  z.object({ type: z.literal('image_file'), image_file: imageFilePartSchema }),
]);
export type ContentPart = z.infer<typeof contentPartSchema>;

export const FINISH_REASONS = [
  'stop',
  'length',
  'tool_calls',
  'content_filter',
  'incomplete',
  'error',
] as const;

export const messageFileSchema = z.object({
  file_id: z.string(),
  filename: z.string().optional(),
  filepath: z.string().optional(),
  type: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
/** Metadata of a file attached to a user message (the file itself lives in the files feature). */
export type MessageFile = z.infer<typeof messageFileSchema>;

/** A document passage a reply was given (API.md "Knowledge"): the chip under the reply opens it. */
export const messageSourceSchema = z.object({
  file_id: z.string(),
  filename: z.string(),
  /** 1-based PDF page, when the document has pages. */
  page: z.number().int().positive().optional(),
  snippet: z.string(),
});
export type MessageSource = z.infer<typeof messageSourceSchema>;

/**
 * The `finish_reason` of an assistants reply cut off at its run's time limit (the run ends `expired`): saved
 * `unfinished`, and the web says the run took too long instead of SPEC's generic incomplete notice.
 */
export const RUN_EXPIRED = 'expired';

/**
 * The `finish_reason` of a reply its provider stopped answering partway (the connection dropped, the stream
 * ended without a finish, it went silent, it failed mid-stream): saved `unfinished` with the text so far, and
 * the web says so and offers Continue and Retry instead of SPEC's generic incomplete notice.
 */
export const PROVIDER_STOPPED = 'provider_stopped';

/** A saved message (SPEC §3 Message); conversations are trees of these via parentMessageId. */
export const messageSchema = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  sender: z.string(),
  text: z.string(),
  content: z.array(contentPartSchema).optional(),
  isCreatedByUser: z.boolean(),
  model: z.string().nullish(),
  endpoint: z.string().nullish(),
  error: z.boolean(),
  unfinished: z.boolean(),
  finish_reason: z.string().nullish(),
  isEdited: z.boolean(),
  tokenCount: z.number().int().nullish(),
  files: z.array(messageFileSchema).optional(),
  /** Knowledge: the document passages the reply was given. */
  sources: z.array(messageSourceSchema).optional(),
  thread_id: z.string().nullish(),
  iconURL: z.string().nullish(),
  /** A summary of the path up to and including this message, and its length in tokens (LibreChat's fields). */
  summary: z.string().optional(),
  summaryTokenCount: z.number().int().optional(),
  searchResult: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageUpdateBodySchema = z.object({
  text: z.string({ error: 'text is required' }).min(1, 'text is required'),
  model: z.string().optional(),
});
