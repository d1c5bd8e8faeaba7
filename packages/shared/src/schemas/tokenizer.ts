import { z } from 'zod';

/** `POST /api/tokenizer`: `{arg: text}` (the older `{arg: {text}}` form is accepted too). */
export const tokenizerBodySchema = z.object({
  arg: z.union([z.string(), z.object({ text: z.string() })]),
});
export const tokenizerResponseSchema = z.object({ count: z.number().int() });
