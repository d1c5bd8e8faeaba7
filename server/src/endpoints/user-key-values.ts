import type { z } from 'zod';
import {
  azureKeyValueSchema,
  googleKeyValueSchema,
  googleServiceKeySchema,
  openAIStyleKeyValueSchema,
  type AzureKeyValue,
  type OpenAIStyleKeyValue,
} from '@parley/shared/schemas/user-key';
import type { Credentials } from '../providers/types';
import { invalidUserKey, noBaseUrl, noUserKey } from '../keys/user-key-errors';
import type { Secret } from './config-value';

/** The plaintext of the caller's unexpired key of that name; throws the user-key errors (keys service). */
export type ReadUserKey = (name: string) => Promise<string>;

/** A JSON user key of the given shape, or invalid_user_key. */
export function parseJsonKey<T>(keyName: string, text: string, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalidUserKey(keyName, error);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidUserKey(keyName, parsed.error);
  return parsed.data;
}

const present = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

function checkedUrl(keyName: string, url: string | undefined): string {
  if (!url) throw noBaseUrl(keyName);
  if (!URL.canParse(url)) throw invalidUserKey(keyName, new TypeError(`not a URL: ${url}`));
  return url.replace(/\/+$/, '');
}

/** Key and base URL of an OpenAI-style endpoint: the server's, or from the user's `{apiKey, baseURL}` JSON. */
export async function openAIStyleCredentials(
  keyName: string,
  apiKey: Secret,
  baseURL: Secret | undefined,
  readKey: ReadUserKey,
): Promise<{ apiKey: string; baseURL?: string; userSuppliedURL?: true }> {
  const needsUser = apiKey.type === 'user' || baseURL?.type === 'user';
  const user: OpenAIStyleKeyValue = needsUser
    ? parseJsonKey(keyName, await readKey(keyName), openAIStyleKeyValueSchema)
    : {};
  const key = apiKey.type === 'server' ? apiKey.value : present(user.apiKey);
  if (!key) throw noUserKey(keyName);
  if (!baseURL) return { apiKey: key };
  if (baseURL.type === 'server') return { apiKey: key, baseURL: baseURL.value };
  return { apiKey: key, baseURL: checkedUrl(keyName, present(user.baseURL)), userSuppliedURL: true };
}

/** Azure's four fields (and perhaps a base URL) from the user's JSON key. */
export async function azureUserKey(keyName: string, readKey: ReadUserKey): Promise<AzureKeyValue> {
  const value = parseJsonKey(keyName, await readKey(keyName), azureKeyValueSchema);
  return value.baseURL === undefined
    ? value
    : { ...value, baseURL: checkedUrl(keyName, present(value.baseURL)) };
}

/** Google: a service account (Vertex AI) and/or an API key (Gemini) from the user's JSON key. */
export async function googleUserCredentials(keyName: string, readKey: ReadUserKey): Promise<Credentials> {
  const value = parseJsonKey(keyName, await readKey(keyName), googleKeyValueSchema);
  const rawServiceKey = value.GOOGLE_SERVICE_KEY;
  const serviceKey =
    typeof rawServiceKey === 'string'
      ? present(rawServiceKey) && parseJsonKey(keyName, rawServiceKey, googleServiceKeySchema)
      : rawServiceKey;
  const apiKey = present(value.GOOGLE_API_KEY);
  if (!serviceKey && !apiKey) throw noUserKey(keyName);
  const credentials: Credentials = {};
  if (apiKey) credentials.apiKey = apiKey;
  if (serviceKey) {
    const { client_email, project_id, private_key } = serviceKey;
    credentials.serviceAccount = { client_email, project_id, private_key };
  }
  return credentials;
}
