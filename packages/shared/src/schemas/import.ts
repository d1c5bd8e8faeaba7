import { z } from 'zod';

/** Request bodies of `POST /api/convos/import` may be this large (a ChatGPT export can be tens of MB). */
export const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;

/**
 * The file formats `POST /api/convos/import` recognises by their shape: a ChatGPT data export
 * (`conversations.json`), a LibreChat JSON export, a Parley export (`parley-export`, or one conversation
 * as the export dialog writes it — the LibreChat shape).
 */
export const IMPORT_FORMATS = ['chatgpt', 'librechat', 'parley'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** A conversation of the file that was not imported: its position in the file, and why. */
export const importFailureSchema = z.object({
  index: z.number().int(),
  title: z.string().optional(),
  reason: z.string(),
});
export type ImportFailure = z.infer<typeof importFailureSchema>;

/**
 * Every valid conversation is imported even when others fail. Importing a file again changes nothing twice:
 * each conversation of it is `created` (new), `updated` (it got messages it lacked) or `skipped` (all there).
 */
export const importResultSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** Conversations written to: created + updated. */
  imported: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** The ids of the conversations of the file (created, updated or skipped), in file order. */
  conversationIds: z.array(z.string()),
  failed: z.array(importFailureSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
