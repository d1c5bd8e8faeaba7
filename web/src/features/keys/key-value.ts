import type { EndpointKind } from '@parley/shared/endpoints/kinds';
import { KEY_EXPIRY_CHOICES } from '@parley/shared/schemas/user-key';

/** How an endpoint's key is entered and stored (shared/schemas/user-key "Key values by endpoint"). */
export type KeyForm = 'openai-style' | 'azure' | 'google' | 'raw';

export type KeyField =
  | 'apiKey'
  | 'baseURL'
  | 'azureOpenAIApiKey'
  | 'azureOpenAIApiInstanceName'
  | 'azureOpenAIApiDeploymentName'
  | 'azureOpenAIApiVersion'
  | 'GOOGLE_API_KEY';

export type ExpiryChoice = keyof typeof KEY_EXPIRY_CHOICES;
export const EXPIRY_CHOICES = Object.keys(KEY_EXPIRY_CHOICES) as ExpiryChoice[];

export function keyFormOf(kind: EndpointKind, config?: { azure?: boolean }): KeyForm {
  switch (kind) {
    case 'azureOpenAI':
      return 'azure';
    case 'gptPlugins':
      return config?.azure ? 'azure' : 'openai-style';
    case 'openAI':
    case 'custom':
    case 'assistants':
      return 'openai-style';
    case 'google':
      return 'google';
    case 'anthropic':
    case 'chatGPTBrowser':
    case 'bingAI':
      return 'raw';
  }
}

const AZURE_FIELDS: KeyField[] = [
  'azureOpenAIApiKey',
  'azureOpenAIApiInstanceName',
  'azureOpenAIApiDeploymentName',
  'azureOpenAIApiVersion',
];

/** The text fields the dialog shows (SPEC §5): Azure's four, the API key, and the base URL when allowed. */
export function keyFields(form: KeyForm, userProvideURL: boolean): KeyField[] {
  const url: KeyField[] = userProvideURL ? ['baseURL'] : [];
  switch (form) {
    case 'azure':
      return [...AZURE_FIELDS, ...url];
    case 'openai-style':
      return ['apiKey', ...url];
    case 'google':
      return ['GOOGLE_API_KEY'];
    case 'raw':
      return ['apiKey'];
  }
}

export type KeyValueResult = { ok: true; value: string } | { ok: false; missing: KeyField[] };

/**
 * What `PUT /api/keys` stores: OpenAI-style endpoints `{apiKey, baseURL?}` as JSON, Azure its four fields as
 * JSON, Google `{GOOGLE_SERVICE_KEY?, GOOGLE_API_KEY?}`, others the key itself. Every shown field of the
 * OpenAI-style and Azure forms is required; Google needs a service key or an API key.
 */
export function buildKeyValue(
  form: KeyForm,
  fields: readonly KeyField[],
  values: Partial<Record<KeyField, string>>,
  googleServiceKey?: object | null,
): KeyValueResult {
  const trimmed = (field: KeyField) => (values[field] ?? '').trim();
  if (form === 'google') {
    const apiKey = trimmed('GOOGLE_API_KEY');
    if (!apiKey && !googleServiceKey) return { ok: false, missing: ['GOOGLE_API_KEY'] };
    const value: Record<string, unknown> = {};
    if (googleServiceKey) value.GOOGLE_SERVICE_KEY = googleServiceKey;
    if (apiKey) value.GOOGLE_API_KEY = apiKey;
    return { ok: true, value: JSON.stringify(value) };
  }
  const missing = fields.filter((field) => trimmed(field) === '');
  if (missing.length > 0) return { ok: false, missing };
  if (form === 'raw') return { ok: true, value: trimmed('apiKey') };
  return {
    ok: true,
    value: JSON.stringify(Object.fromEntries(fields.map((field) => [field, trimmed(field)]))),
  };
}

export function expiresAtFor(choice: ExpiryChoice, now: Date): string {
  return new Date(now.getTime() + KEY_EXPIRY_CHOICES[choice]).toISOString();
}

/** SPEC §5: a key is valid if its expiry exists and is not in the past. */
export function isKeyValid(expiresAt: string | null | undefined, now: Date): boolean {
  if (!expiresAt) return false;
  const time = new Date(expiresAt).getTime();
  return !Number.isNaN(time) && time >= now.getTime();
}
