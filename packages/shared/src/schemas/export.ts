import { z } from 'zod';
import { endpointOptionsSchema } from './endpoint-options';
import { messageSchema } from './message';

/** `format` of a "download all my data" file (`GET /api/convos/export`). */
export const PARLEY_EXPORT_FORMAT = 'parley-export';
export const PARLEY_EXPORT_VERSION = 1;

/**
 * A message in an export: the saved message; in a recursive export each message carries its replies as
 * `children` and the top-level list holds the root messages only.
 */
export const exportedMessageSchema = messageSchema.omit({ searchResult: true }).extend({
  get children(): z.ZodOptional<z.ZodArray<typeof exportedMessageSchema>> {
    return z.array(exportedMessageSchema).optional();
  },
});
export type ExportedMessage = z.infer<typeof exportedMessageSchema>;

/**
 * One conversation as JSON: what the web export dialog writes for its JSON type (with the dialog's
 * options: `options` only with "include endpoint options", `branches`, `recursive`) and what the full
 * export holds for every conversation. The same shape as LibreChat's JSON export, so either imports.
 */
export const exportedConversationSchema = z.object({
  conversationId: z.string(),
  title: z.string(),
  endpoint: z.string().nullish(),
  endpointType: z.string().nullish(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  /** When the file was written. */
  exportAt: z.string().optional(),
  /** Every branch (true) or only the visible thread. */
  branches: z.boolean().optional(),
  /** `messages` as a tree of roots with `children` (true) or flat, linked by `parentMessageId`. */
  recursive: z.boolean().optional(),
  options: endpointOptionsSchema.optional(),
  messages: z.array(exportedMessageSchema),
});
export type ExportedConversation = z.infer<typeof exportedConversationSchema>;

/** "Download all my data": every conversation with every message (flat, all branches), oldest first. */
export const parleyExportSchema = z.object({
  format: z.literal(PARLEY_EXPORT_FORMAT),
  version: z.literal(PARLEY_EXPORT_VERSION),
  exportedAt: z.string(),
  conversations: z.array(exportedConversationSchema),
});
export type ParleyExport = z.infer<typeof parleyExportSchema>;
