// Shapes shared by the action modules (API.md "Assistants and actions").
import type { OpenAPIV3 } from 'openapi-types';
import type { AddressAllowList } from '../net/address-guard';

/** A JSON Schema object as handed to the model in a function tool. */
export type JSONSchema = Record<string, unknown>;

/** The OpenAPI 3 document `validateActionSpec` returns ($refs resolved except cyclic ones). */
export type ActionSpec = OpenAPIV3.Document;

export interface ActionFunction {
  name: string;
  description: string;
  parameters: JSONSchema;
}

/** An action's `metadata.auth` (API.md). */
export interface ActionAuth {
  type: 'none' | 'service_http' | 'oauth';
  authorization_type?: 'basic' | 'bearer' | 'custom';
  custom_auth_header?: string;
  authorization_url?: string;
  /** The token URL of the OAuth client-credentials grant. */
  client_url?: string;
  scope?: string;
  /** `basic_auth_header` sends the client credentials in an Authorization header; anything else in the form. */
  token_exchange_method?: string;
}

/** Decrypted secrets of one action. */
export interface ActionSecrets {
  apiKey?: string;
  oauthClientId?: string;
  oauthClientSecret?: string;
}

export interface ActionCallerOptions {
  spec: ActionSpec;
  domain: string;
  auth: ActionAuth;
  secrets: ActionSecrets;
  /** From `actionsAllowList(yaml)`: the YAML exemptions of the address guard. */
  allow: AddressAllowList;
  /** Whole-call time limit (default 30 s). */
  timeoutMs?: number;
  /** Response bytes handed on at most (default 64 KiB); more is cut with a note. */
  maxResponseBytes?: number;
}

export type ActionCaller = (
  functionName: string,
  args: Record<string, unknown>,
  signal?: AbortSignal,
) => Promise<string>;
