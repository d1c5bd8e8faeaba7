import { z } from 'zod';
import { agentOptionsSchema, chatToolsSchema } from './plugin';

export const IMAGE_DETAILS = ['low', 'auto', 'high'] as const;
export const TONE_STYLES = ['creative', 'fast', 'balanced', 'precise'] as const;
export const MAX_STOP_SEQUENCES = 4;

const exampleSchema = z.object({
  input: z.object({ content: z.string() }),
  output: z.object({ content: z.string() }),
});

/**
 * Stop sequences: at most 4; over the limit the last 4 are kept (SPEC §5). `overwrite`, not `transform`,
 * so the schema also encodes (response serialisation runs `z.encode`, which refuses transforms).
 */
export const stopSequencesSchema = z
  .array(z.string().max(1000))
  .max(100)
  .overwrite((stop) => stop.slice(-MAX_STOP_SEQUENCES));

/**
 * The endpoint options a conversation or preset carries (SPEC §3 Conversation fields). Ranges here are the
 * widest any endpoint accepts; each endpoint kind narrows them (endpoints/parameters).
 */
export const endpointOptionsSchema = z.object({
  model: z.string().max(256).nullish(),
  modelLabel: z.string().max(256).nullish(),
  chatGptLabel: z.string().max(256).nullish(),
  userLabel: z.string().max(256).nullish(),
  promptPrefix: z.string().max(100_000).nullish(),
  systemMessage: z.string().max(100_000).nullish(),
  instructions: z.string().max(32_768).nullish(),
  context: z.string().max(100_000).nullish(),
  examples: z.array(exampleSchema).max(100).optional(),
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().min(0).max(1).optional(),
  topP: z.number().min(0).max(1).optional(),
  topK: z.number().int().min(1).max(40).optional(),
  maxOutputTokens: z.number().int().min(1).max(1_000_000).optional(),
  frequency_penalty: z.number().min(-2).max(2).optional(),
  presence_penalty: z.number().min(-2).max(2).optional(),
  stop: stopSequencesSchema.optional(),
  resendFiles: z.boolean().optional(),
  resendImages: z.boolean().optional(),
  imageDetail: z.enum(IMAGE_DETAILS).optional(),
  agentOptions: agentOptionsSchema.nullish(),
  /** Plugins chats: the picked tools (installed plugin keys). */
  tools: chatToolsSchema.optional(),
  file_ids: z.array(z.string()).max(100).optional(),
  toneStyle: z.enum(TONE_STYLES).optional(),
  jailbreak: z.boolean().optional(),
  jailbreakConversationId: z.string().nullish(),
  conversationSignature: z.string().nullish(),
  clientId: z.string().nullish(),
  invocationId: z.number().int().nullish(),
  /**
   * What the provider handed back after the conversation's last turn to continue it (the ChatGPT web app's
   * conversation and parent message ids, a Bing conversation's signature …). Set by the server; the server
   * ignores a value sent in a chat request.
   */
  providerState: z.record(z.string(), z.unknown()).nullish(),
  assistant_id: z.string().nullish(),
  thread_id: z.string().nullish(),
  iconURL: z.string().max(2048).nullish(),
  greeting: z.string().max(10_000).nullish(),
  spec: z.string().max(256).nullish(),
  presetOverride: z.record(z.string(), z.unknown()).nullish(),
});
export type EndpointOptions = z.infer<typeof endpointOptionsSchema>;
