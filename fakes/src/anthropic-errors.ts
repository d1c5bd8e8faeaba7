import type { ScriptedError } from './script-types';

/** Anthropic's error body: `{type: 'error', error: {type, message}}`, with a `request_id` on real responses. */
export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
  request_id: string;
}

interface ErrorDefaults {
  type: string;
  message: string;
}

// The types and messages the real API sends for each status.
const DEFAULTS: Record<number, ErrorDefaults> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  403: {
    type: 'permission_error',
    message: 'Your API key does not have permission to use the specified resource.',
  },
  404: { type: 'not_found_error', message: 'The requested resource could not be found.' },
  413: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
  429: {
    type: 'rate_limit_error',
    message: 'Number of request tokens has exceeded your per-minute rate limit.',
  },
  500: { type: 'api_error', message: 'Internal server error' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

function defaultsFor(status: number): ErrorDefaults {
  return DEFAULTS[status] ?? DEFAULTS[status >= 500 ? 500 : 400] ?? { type: 'api_error', message: 'Error' };
}

let nextRequest = 1;

export function anthropicError(type: string, message: string): AnthropicErrorBody {
  const id = `req_fake${String(nextRequest++).padStart(6, '0')}`;
  return { type: 'error', error: { type, message }, request_id: id };
}

/** The body for a scripted error: the scripted `body` as is, else an Anthropic-shaped error for its status. */
export function scriptedAnthropicError(error: ScriptedError): Record<string, unknown> | AnthropicErrorBody {
  if (error.body) return error.body;
  const defaults = defaultsFor(error.status);
  return anthropicError(error.type ?? defaults.type, error.message ?? defaults.message);
}

export function invalidRequest(message: string): AnthropicErrorBody {
  return anthropicError('invalid_request_error', message);
}
