// Checks a Google service-account key file (SPEC §5 "Google service key JSON") before it is stored or used.
import { z } from 'zod';
import type { GoogleServiceAccount } from '../types';

const serviceKeySchema = z.object({
  client_email: z.email('must be a valid email').min(3, 'must have at least 3 characters'),
  project_id: z.string().min(3, 'must have at least 3 characters'),
  private_key: z.string().min(601, 'must have at least 601 characters'),
  token_uri: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
});

export type ParsedServiceKey = { ok: true; key: GoogleServiceAccount } | { ok: false; reason: string };

function parseText(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Accepts the file's text or its parsed JSON. Fields other than the four Parley uses are ignored;
 * a failure names the first bad field: `"client_email: must be a valid email"`.
 */
export function parseGoogleServiceKey(json: unknown): ParsedServiceKey {
  const parsed = typeof json === 'string' ? parseText(json) : { ok: true as const, value: json };
  if (!parsed.ok) return { ok: false, reason: 'the file is not valid JSON' };
  const result = serviceKeySchema.safeParse(parsed.value);
  if (result.success) {
    const { token_uri, ...key } = result.data;
    return { ok: true, key: token_uri === undefined ? key : { ...key, token_uri } };
  }
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'key';
  return { ok: false, reason: `${field}: ${issue?.message ?? 'is invalid'}` };
}
