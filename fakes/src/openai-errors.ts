import type { ScriptedError } from './script-types';

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

interface ErrorDefaults {
  message: string;
  type: string;
  code: string | null;
}

// Shapes the real API returns for common statuses.
const DEFAULTS: Record<number, ErrorDefaults> = {
  400: { message: 'Invalid request.', type: 'invalid_request_error', code: null },
  401: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
  403: {
    message: 'You are not allowed to access this resource.',
    type: 'invalid_request_error',
    code: 'unsupported_country_region_territory',
  },
  404: {
    message: 'The model does not exist or you do not have access to it.',
    type: 'invalid_request_error',
    code: 'model_not_found',
  },
  429: {
    message: 'Rate limit reached. Please try again later.',
    type: 'requests',
    code: 'rate_limit_exceeded',
  },
  500: {
    message: 'The server had an error while processing your request.',
    type: 'server_error',
    code: null,
  },
  503: {
    message: 'The engine is currently overloaded, please try again later.',
    type: 'server_error',
    code: null,
  },
};

function defaultsFor(status: number): ErrorDefaults {
  return (
    DEFAULTS[status] ??
    DEFAULTS[status >= 500 ? 500 : 400] ?? { message: 'Error.', type: 'api_error', code: null }
  );
}

export function openAIError(
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
): OpenAIErrorBody {
  return { error: { message, type, param, code } };
}

/** The body for a scripted error: the scripted `body` as is, else an OpenAI-shaped error. */
export function scriptedErrorBody(error: ScriptedError): Record<string, unknown> | OpenAIErrorBody {
  if (error.body) return error.body;
  const defaults = defaultsFor(error.status);
  return openAIError(
    error.message ?? defaults.message,
    error.type ?? defaults.type,
    error.code === undefined ? defaults.code : error.code,
  );
}

export function invalidApiKeyError(provided: string | null): OpenAIErrorBody {
  const message =
    provided === null
      ? "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."
      : `Incorrect API key provided: ${maskKey(provided)}. You can find your API key at https://platform.openai.com/account/api-keys.`;
  return openAIError(message, 'invalid_request_error', 'invalid_api_key');
}

function maskKey(key: string): string {
  return key.length <= 8 ? '*'.repeat(key.length) : `${key.slice(0, 3)}*****${key.slice(-4)}`;
}
