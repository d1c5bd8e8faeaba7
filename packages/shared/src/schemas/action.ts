import { z } from 'zod';
import { assistantSchema, functionDefinitionSchema, assistantDocumentSchema } from './assistant';

/** SPEC §3: the delimiter between an operation id and the encoded domain in an action function's name. */
export const ACTION_DELIMITER = '_action_';
/** SPEC §9: the fixed length of an encoded domain. */
export const ENCODED_DOMAIN_LENGTH = 10;
/** Longest OpenAPI spec accepted (JSON or YAML text). */
export const MAX_ACTION_SPEC_CHARS = 1_000_000;
/**
 * Operations one action's spec may hold (each becomes a function tool): an assistant holds at most
 * MAX_ASSISTANT_TOOLS tools, so a spec with more could never be saved whole.
 */
export const MAX_ACTION_OPERATIONS = 128;

export const ACTION_AUTH_TYPES = ['none', 'service_http', 'oauth'] as const;
export const AUTHORIZATION_TYPES = ['basic', 'bearer', 'custom'] as const;
export const TOKEN_EXCHANGE_METHODS = ['default_post', 'basic_auth_header'] as const;

/** How the server authenticates an action's calls (SPEC §3 Action `auth`). */
export const actionAuthSchema = z.object({
  type: z.enum(ACTION_AUTH_TYPES, { error: 'auth.type must be none, service_http or oauth' }),
  authorization_type: z
    .enum(AUTHORIZATION_TYPES, { error: 'auth.authorization_type must be basic, bearer or custom' })
    .optional(),
  custom_auth_header: z.string().max(256).optional(),
  authorization_url: z.string().max(2048).optional(),
  /** OAuth: the token URL the client credentials are posted to. */
  client_url: z.string().max(2048).optional(),
  scope: z.string().max(2048).optional(),
  token_exchange_method: z.enum(TOKEN_EXCHANGE_METHODS).optional(),
});
export type ActionAuth = z.infer<typeof actionAuthSchema>;

/** An action's metadata as stored and returned: never its secrets. */
export const actionMetadataSchema = z.object({
  domain: z.string(),
  raw_spec: z.string(),
  privacy_policy_url: z.string().optional(),
  auth: actionAuthSchema,
});
export type ActionMetadata = z.infer<typeof actionMetadataSchema>;

/** The metadata a save sends: the spec, its auth, and the secrets (encrypted at rest, never returned). */
export const actionMetadataInputSchema = z.object({
  domain: z.string().max(2048).optional(),
  raw_spec: z
    .string({ error: 'raw_spec is required' })
    .min(1, 'raw_spec is required')
    .max(MAX_ACTION_SPEC_CHARS, 'The OpenAPI spec is too large (at most 1,000,000 characters).'),
  privacy_policy_url: z.string().max(2048).optional(),
  auth: actionAuthSchema.default({ type: 'none' }),
  api_key: z.string().max(10_000).optional(),
  oauth_client_id: z.string().max(10_000).optional(),
  oauth_client_secret: z.string().max(10_000).optional(),
});
export type ActionMetadataInput = z.infer<typeof actionMetadataInputSchema>;

/** An action as the routes return it (secrets stripped). */
export const actionSchema = z.object({
  action_id: z.string(),
  assistant_id: z.string(),
  type: z.literal('action_prototype').optional(),
  metadata: actionMetadataSchema,
});
export type Action = z.infer<typeof actionSchema>;
export const actionListSchema = z.array(actionSchema);

/**
 * `POST /api/assistants/actions/{assistant_id}`. `functions` is accepted for compatibility but ignored (not
 * even read): the server derives the functions from `raw_spec`, and says so when it has too many operations.
 */
export const actionSaveBodySchema = z.object({
  action_id: z.string().max(256).optional(),
  assistant_id: z.string().max(256).optional(),
  metadata: actionMetadataInputSchema,
  functions: z.unknown().optional(),
  model: z.string().max(256).optional(),
});
export type ActionSaveBody = z.infer<typeof actionSaveBodySchema>;

/** `[assistantDoc, assistant, action]` (SPEC §7). */
export const actionSaveResponseSchema = z.tuple([assistantDocumentSchema, assistantSchema, actionSchema]);
export type ActionSaveResponse = z.infer<typeof actionSaveResponseSchema>;

export const actionDerivedFunctionSchema = functionDefinitionSchema;

/** What is missing for the auth type (SPEC §5 "Action auth"), by field; secrets already stored count. */
export function actionAuthProblems(
  input: Pick<ActionMetadataInput, 'auth' | 'api_key' | 'oauth_client_id' | 'oauth_client_secret'>,
  stored: { apiKey: boolean; oauthClientId: boolean; oauthClientSecret: boolean } = {
    apiKey: false,
    oauthClientId: false,
    oauthClientSecret: false,
  },
): Record<string, string> {
  const problems: Record<string, string> = {};
  const given = (value: string | undefined) => (value ?? '').trim() !== '';
  const { auth } = input;
  if (auth.type === 'service_http') {
    if (!given(input.api_key) && !stored.apiKey) problems.api_key = 'API key is required';
    if (auth.authorization_type === 'custom' && !given(auth.custom_auth_header)) {
      problems.custom_auth_header = 'Custom auth header is required';
    }
  }
  if (auth.type === 'oauth') {
    if (!given(input.oauth_client_id) && !stored.oauthClientId)
      problems.oauth_client_id = 'Client ID is required';
    if (!given(input.oauth_client_secret) && !stored.oauthClientSecret) {
      problems.oauth_client_secret = 'Client secret is required';
    }
    if (!given(auth.authorization_url)) problems.authorization_url = 'Authorization URL is required';
    if (!given(auth.client_url)) problems.client_url = 'Token URL is required';
    if (!given(auth.scope)) problems.scope = 'Scope is required';
  }
  return problems;
}
