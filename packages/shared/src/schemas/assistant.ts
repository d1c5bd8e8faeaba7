import { z } from 'zod';

/** SPEC §5 "Assistant form" limits. */
export const ASSISTANT_LIMITS = { name: 256, description: 512, instructions: 32_768 } as const;

/**
 * Tools one assistant may hold, action functions included (OpenAI's own limit on an assistant's tools; an
 * action's save that would pass it is refused).
 */
export const MAX_ASSISTANT_TOOLS = 128;
/**
 * Characters of JSON all of an assistant's function definitions may take together: they go to the model with
 * every request, and are read and written whole on the server's thread.
 */
export const MAX_ASSISTANT_TOOLS_CHARS = 1_000_000;

/** The tool types an assistant may hold besides functions (API.md "Assistants and actions"). */
export const ASSISTANT_BUILTIN_TOOLS = ['code_interpreter', 'retrieval'] as const;

/** The function an assistant offers to its model (a plugin or MCP tool, an action function, `image_vision`). */
export const functionDefinitionSchema = z.object({
  name: z
    .string()
    .min(1, 'function name is required')
    .max(256)
    .regex(/^[a-zA-Z0-9_.-]+$/, 'function names hold only letters, digits, _ . and -'),
  description: z.string().max(10_000).optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});
export type FunctionDefinition = z.infer<typeof functionDefinitionSchema>;

export const assistantToolSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('code_interpreter') }),
  z.object({ type: z.literal('retrieval') }),
  z.object({ type: z.literal('function'), function: functionDefinitionSchema }),
]);
export type AssistantTool = z.infer<typeof assistantToolSchema>;

/**
 * A tool as a create or update body may name it: the object form, or a plugin key (or `image_vision`), which
 * the server replaces by the tool's function definition.
 */
export const assistantToolInputSchema = z.union([z.string().min(1).max(256), assistantToolSchema]);

/** The name of the function that describes the message's images (SPEC §3 `image_vision`). */
export const IMAGE_VISION_TOOL = 'image_vision';

export const assistantMetadataSchema = z
  .object({
    /** The avatar's URL (a signed link to the user's file). */
    avatar: z.string().optional(),
    avatar_source: z.string().optional(),
    /** The creator's user id. */
    author: z.string().optional(),
  })
  .catchall(z.string().max(512));
export type AssistantMetadata = z.infer<typeof assistantMetadataSchema>;

/** An assistant (API.md "Assistants and actions"); `created_at` in seconds since the epoch. */
export const assistantSchema = z.object({
  id: z.string(),
  object: z.literal('assistant'),
  created_at: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  model: z.string(),
  tools: z.array(assistantToolSchema),
  file_ids: z.array(z.string()),
  metadata: assistantMetadataSchema,
});
export type Assistant = z.infer<typeof assistantSchema>;

const limited = (field: keyof typeof ASSISTANT_LIMITS) =>
  z
    .string()
    // The message is made when it is needed: toLocaleString's first call sets up ICU number formatting,
    // ~40 ms of every page's start-up when it ran as this module loaded.
    .max(ASSISTANT_LIMITS[field], {
      error: () =>
        `${field} is too long (at most ${ASSISTANT_LIMITS[field].toLocaleString('en-US')} characters)`,
    })
    .nullish();

/** `POST /api/assistants` (SPEC §7): model required, SPEC §5 limits. */
export const assistantCreateBodySchema = z.object({
  model: z.string({ error: 'model is required' }).trim().min(1, 'model is required').max(256),
  name: limited('name'),
  description: limited('description'),
  instructions: limited('instructions'),
  tools: z
    .array(assistantToolInputSchema)
    .max(MAX_ASSISTANT_TOOLS, `at most ${MAX_ASSISTANT_TOOLS} tools`)
    .optional(),
  file_ids: z.array(z.string().max(256)).max(100, 'at most 100 files').optional(),
  metadata: z.record(z.string().max(64), z.string().max(512)).nullish(),
});
export type AssistantCreateBody = z.infer<typeof assistantCreateBodySchema>;

/** `PATCH /api/assistants/{id}`: any field of the create body. */
export const assistantUpdateBodySchema = assistantCreateBodySchema.partial().extend({
  model: z.string().trim().min(1, 'model is required').max(256).optional(),
});
export type AssistantUpdateBody = z.infer<typeof assistantUpdateBodySchema>;

/** `GET /api/assistants` query (limit ≤ 100, default desc). */
export const assistantListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(100),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  after: z.string().max(256).optional(),
  before: z.string().max(256).optional(),
});
export type AssistantListQuery = z.infer<typeof assistantListQuerySchema>;

export const assistantListSchema = z.object({
  object: z.literal('list'),
  data: z.array(assistantSchema),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
  has_more: z.boolean(),
});
export type AssistantList = z.infer<typeof assistantListSchema>;

export const assistantDeletedSchema = z.object({
  id: z.string(),
  object: z.literal('assistant.deleted'),
  deleted: z.literal(true),
});

/** `?model=` of delete and avatar routes (kept for compatibility; the server does not need it). */
export const assistantModelQuerySchema = z.object({ model: z.string().max(256).optional() });

/** `GET /api/assistants/documents`: what Parley keeps beside each of the caller's assistants. */
export const assistantDocumentSchema = z.object({
  assistant_id: z.string(),
  avatar: z.object({ filepath: z.string(), source: z.string() }).optional(),
  /** `<domain>_action_<action_id>` of each action. */
  actions: z.array(z.string()),
});
export type AssistantDocument = z.infer<typeof assistantDocumentSchema>;
export const assistantDocumentListSchema = z.array(assistantDocumentSchema);
