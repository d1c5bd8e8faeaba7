import { z } from 'zod';

/** LibreChat's bookmarks: per user, 1–128 characters, unique case-insensitively, 200 at most. */
export const TAG_MAX_LENGTH = 128;
export const TAGS_PER_USER = 200;
export const TAG_DESCRIPTION_MAX_LENGTH = 1024;

export const tagNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(TAG_MAX_LENGTH, `must be at most ${TAG_MAX_LENGTH} characters`);

const descriptionSchema = z
  .string()
  .trim()
  .max(TAG_DESCRIPTION_MAX_LENGTH, `must be at most ${TAG_DESCRIPTION_MAX_LENGTH} characters`);

/** `GET /api/tags`: the caller's tags in their order, each with how many conversations carry it. */
export const tagSchema = z.object({
  tag: z.string(),
  description: z.string().nullable(),
  count: z.number().int(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagCreateBodySchema = z.object({
  tag: tagNameSchema,
  description: descriptionSchema.optional(),
});

/** `PUT /api/tags/{tag}`: rename (every conversation follows at once), describe, or move to `position`. */
export const tagUpdateBodySchema = z.object({
  tag: tagNameSchema.optional(),
  description: descriptionSchema.nullish(),
  position: z.number({ error: 'must be an integer' }).int('must be an integer').min(0).optional(),
});

export const tagParamsSchema = z.object({
  tag: z
    .string()
    .min(1)
    .max(TAG_MAX_LENGTH * 4),
});

/** `PUT /api/tags/convo/{conversationId}`: the conversation's whole tag list (missing tags are created). */
export const conversationTagsBodySchema = z.object({
  tags: z.array(tagNameSchema).max(TAGS_PER_USER, `at most ${TAGS_PER_USER} tags`),
});
/** The conversation's tags as stored (each in its tag's spelling). */
export const conversationTagsResponseSchema = z.array(z.string());

export const tagDeleteResponseSchema = z.object({ tag: z.string() });
