import { z } from 'zod';

/** Every error body the API sends (API.md "Conventions"). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
