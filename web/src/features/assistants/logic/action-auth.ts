import type { ActionAuth, ActionMetadataInput } from '@parley/shared/schemas/action';
import type { LocaleKey } from '../../../lib/locale-key';

export type AuthType = ActionAuth['type'];
export type AuthorizationType = NonNullable<ActionAuth['authorization_type']>;
export type TokenExchangeMethod = NonNullable<ActionAuth['token_exchange_method']>;

/** What the authentication dialog edits. Secrets start empty: the server never sends them back. */
export interface AuthForm {
  type: AuthType;
  apiKey: string;
  authorizationType: AuthorizationType;
  customAuthHeader: string;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  scope: string;
  tokenExchangeMethod: TokenExchangeMethod;
}

export type AuthField = Exclude<keyof AuthForm, 'type' | 'authorizationType' | 'tokenExchangeMethod'>;
export type AuthErrors = Partial<Record<AuthField, LocaleKey>>;

/** SPEC §3 Action form defaults: type none, Basic, token exchange by POST. */
export const DEFAULT_AUTH: AuthForm = {
  type: 'none',
  apiKey: '',
  authorizationType: 'basic',
  customAuthHeader: '',
  clientId: '',
  clientSecret: '',
  authorizationUrl: '',
  tokenUrl: '',
  scope: '',
  tokenExchangeMethod: 'default_post',
};

/** The form for a saved action's auth: its settings, never its secrets. */
export function authFormFrom(auth: ActionAuth | null | undefined): AuthForm {
  if (!auth) return DEFAULT_AUTH;
  return {
    ...DEFAULT_AUTH,
    type: auth.type,
    authorizationType: auth.authorization_type ?? 'basic',
    customAuthHeader: auth.custom_auth_header ?? '',
    authorizationUrl: auth.authorization_url ?? '',
    tokenUrl: auth.client_url ?? '',
    scope: auth.scope ?? '',
    tokenExchangeMethod: auth.token_exchange_method ?? 'default_post',
  };
}

/**
 * SPEC §5 "Action auth": the API key for service_http, the header name for Custom, every OAuth field for
 * oauth. `storedSecrets` is true when editing an action that already has its secrets on the server under the
 * same auth type: empty secret fields then keep them. Values are locale keys.
 */
export function validateAuth(form: AuthForm, storedSecrets: boolean): AuthErrors {
  const errors: AuthErrors = {};
  const required: LocaleKey = 'com_assistants_auth_required';
  if (form.type === 'service_http') {
    if (!storedSecrets && !form.apiKey.trim()) errors.apiKey = required;
    if (form.authorizationType === 'custom' && !form.customAuthHeader.trim())
      errors.customAuthHeader = required;
  }
  if (form.type === 'oauth') {
    if (!storedSecrets && !form.clientId.trim()) errors.clientId = required;
    if (!storedSecrets && !form.clientSecret.trim()) errors.clientSecret = required;
    if (!form.authorizationUrl.trim()) errors.authorizationUrl = required;
    if (!form.tokenUrl.trim()) errors.tokenUrl = required;
    if (!form.scope.trim()) errors.scope = required;
  }
  return errors;
}

/** The auth part of an action's metadata; secrets only when typed (an empty one keeps the stored one). */
export function authMetadata(
  form: AuthForm,
): Pick<ActionMetadataInput, 'auth' | 'api_key' | 'oauth_client_id' | 'oauth_client_secret'> {
  if (form.type === 'none') return { auth: { type: 'none' } };
  if (form.type === 'service_http') {
    return {
      auth: {
        type: 'service_http',
        authorization_type: form.authorizationType,
        ...(form.authorizationType === 'custom' ? { custom_auth_header: form.customAuthHeader.trim() } : {}),
      },
      ...(form.apiKey ? { api_key: form.apiKey } : {}),
    };
  }
  return {
    auth: {
      type: 'oauth',
      authorization_url: form.authorizationUrl.trim(),
      client_url: form.tokenUrl.trim(),
      scope: form.scope.trim(),
      token_exchange_method: form.tokenExchangeMethod,
    },
    ...(form.clientId ? { oauth_client_id: form.clientId } : {}),
    ...(form.clientSecret ? { oauth_client_secret: form.clientSecret } : {}),
  };
}
