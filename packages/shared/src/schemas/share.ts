import { z } from 'zod';
import { messageSchema } from './message';

/** Who may open a share link: any account of this server, or anyone (API.md "Sharing and organising"). */
export const SHARE_VISIBILITIES = ['signed_in', 'public'] as const;
export const shareVisibilitySchema = z.enum(SHARE_VISIBILITIES, { error: 'must be signed_in or public' });
export type ShareVisibility = z.infer<typeof shareVisibilitySchema>;

/** How long a link lives from its creation (or from the change that set it); null: until revoked. */
export const SHARE_EXPIRIES = ['1h', '1d', '7d', '30d'] as const;
export const shareExpirySchema = z.enum(SHARE_EXPIRIES, { error: 'must be 1h, 1d, 7d, 30d or null' });
export type ShareExpiry = z.infer<typeof shareExpirySchema>;

export const SHARE_EXPIRY_MS: Record<ShareExpiry, number> = {
  '1h': 3_600_000,
  '1d': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

/** At most this many links per user (`409 {"code":"share_limit"}` past it). */
export const SHARES_PER_USER = 1000;
/** The longest path a link can hold (`413 {"code":"share_too_long"}` past it). */
export const SHARE_MAX_MESSAGES = 5000;
export const SHARES_PAGE_SIZE = 50;

/** 128 random bits, base64url without padding. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** `POST /api/share/{conversationId}`. */
export const shareCreateBodySchema = z.object({
  targetMessageId: z.string().optional(),
  visibility: shareVisibilitySchema.optional(),
  expiresIn: shareExpirySchema.nullish(),
});
export type ShareCreateBody = z.infer<typeof shareCreateBodySchema>;

/** `PATCH /api/share/{shareId}`: `refresh` copies the conversation again under the same id. */
export const shareUpdateBodySchema = z.object({
  refresh: z.literal(true, { error: 'must be true' }).optional(),
  /** With `refresh`: copy up to this message now (the path on screen); default the link's own target. */
  targetMessageId: z.string().optional(),
  visibility: shareVisibilitySchema.optional(),
  expiresIn: shareExpirySchema.nullish(),
});
export type ShareUpdateBody = z.infer<typeof shareUpdateBodySchema>;

/** A link as its owner sees it. */
export const shareLinkSchema = z.object({
  shareId: z.string(),
  conversationId: z.string(),
  title: z.string(),
  visibility: shareVisibilitySchema,
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** `GET /api/share?cursor=` (newest first). */
export const shareLinkPageSchema = z.object({
  links: z.array(shareLinkSchema),
  nextCursor: z.string().nullable(),
});
export type ShareLinkPage = z.infer<typeof shareLinkPageSchema>;

export const shareListQuerySchema = z.object({
  cursor: z.string().max(200, 'is not a valid cursor').optional(),
});

/**
 * A message of a shared snapshot: the chat's message shape without the owner's ids (`user` never appears),
 * authors as "User" and the model's label; file links point into the share.
 */
export const sharedMessageSchema = messageSchema;
export type SharedMessage = z.infer<typeof sharedMessageSchema>;

/** `GET /api/share/{shareId}`: what a visitor sees. */
export const sharedConversationSchema = z.object({
  shareId: z.string(),
  title: z.string(),
  /** The endpoint the conversation ran on (its icon), never its settings. */
  endpoint: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  messages: z.array(sharedMessageSchema),
});
export type SharedConversation = z.infer<typeof sharedConversationSchema>;

/** `GET /api/share/link/{conversationId}`: the caller's newest link of it, with its settings. */
export const shareOfConversationSchema = z.object({
  shareId: z.string().nullable(),
  conversationId: z.string(),
  success: z.boolean(),
  link: shareLinkSchema.nullable(),
});

export const shareDeletedSchema = z.object({ success: z.literal(true), shareId: z.string() });

/** `POST /api/share/{shareId}/copy`. */
export const shareCopySchema = z.object({ conversationId: z.string() });
