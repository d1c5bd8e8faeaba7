import { z } from 'zod';

/** A key or base URL configured as this makes each user bring their own (the key dialog). */
export const USER_PROVIDED = 'user_provided';

export const USER_KEY_VALUE_REQUIRED = 'value is required';

/** `PUT /api/keys`. `expiresAt` is an ISO time; null or absent means the key never expires. */
export const putUserKeyBodySchema = z.object({
  name: z.string().trim().min(1).max(256),
  value: z.string().refine((value) => value.trim() !== '', USER_KEY_VALUE_REQUIRED),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type PutUserKeyBody = z.infer<typeof putUserKeyBodySchema>;

/** `GET /api/keys?name=X`: the value is never returned; `null` when there is no key (or it never expires). */
export const userKeyExpirySchema = z.object({ expiresAt: z.string().nullable() });
export type UserKeyExpiry = z.infer<typeof userKeyExpirySchema>;

/** Expiry choices of the key dialog (SPEC §5), in milliseconds; 12 hours is the default. */
export const KEY_EXPIRY_CHOICES = {
  '30m': 30 * 60_000,
  '2h': 2 * 3_600_000,
  '12h': 12 * 3_600_000,
  '1d': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
} as const;
export const DEFAULT_KEY_EXPIRY: keyof typeof KEY_EXPIRY_CHOICES = '12h';

// ---- Key values by endpoint (SPEC §3 "User key", §5 "User key dialog") ----
// openAI, gptPlugins, assistants and custom endpoints: JSON of `openAIStyleKeyValueSchema`.
// azureOpenAI: JSON of `azureKeyValueSchema`. google: JSON of `googleKeyValueSchema`.
// anthropic: the API key itself; chatGPTBrowser: the access token itself; bingAI: the cookie string itself.

export const openAIStyleKeyValueSchema = z.object({
  apiKey: z.string().optional(),
  /** Only when the endpoint lets users bring their own URL (`userProvideURL`). */
  baseURL: z.string().optional(),
});
export type OpenAIStyleKeyValue = z.infer<typeof openAIStyleKeyValueSchema>;

/** Azure's four fields packed as one JSON object (plus the base URL when users bring their own). */
export const azureKeyValueSchema = z.object({
  azureOpenAIApiKey: z.string().min(1),
  azureOpenAIApiInstanceName: z.string().min(1),
  azureOpenAIApiDeploymentName: z.string().min(1),
  azureOpenAIApiVersion: z.string().min(1),
  baseURL: z.string().optional(),
});
export type AzureKeyValue = z.infer<typeof azureKeyValueSchema>;

/** A Google service account key file (SPEC §5 "Google service key JSON"); other fields are kept. */
export const googleServiceKeySchema = z.looseObject({
  client_email: z.email().min(3),
  project_id: z.string().min(3),
  private_key: z.string().min(601),
});
export type GoogleServiceKey = z.infer<typeof googleServiceKeySchema>;

/** Google: a service account key (object, or its JSON text) and/or an API key. */
export const googleKeyValueSchema = z.object({
  GOOGLE_SERVICE_KEY: z.union([googleServiceKeySchema, z.string()]).optional(),
  GOOGLE_API_KEY: z.string().optional(),
});
export type GoogleKeyValue = z.infer<typeof googleKeyValueSchema>;

/** The text of a `.json` service key file → the key, or null when it does not parse or is invalid. */
export function parseGoogleServiceKey(text: string): GoogleServiceKey | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = googleServiceKeySchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * The name a user key is stored under for an endpoint: the plugins endpoint uses the OpenAI key, or the
 * Azure key when its config says `azure: true`; every other endpoint its own name.
 */
export function userKeyNameFor(endpoint: string, config?: { azure?: boolean | undefined }): string {
  if (endpoint !== 'gptPlugins') return endpoint;
  return config?.azure ? 'azureOpenAI' : 'openAI';
}
