import type { ScriptedError } from './script-types';

/** Google's error body (google.rpc.Status as JSON): `{error: {code, message, status, details?}}`. */
export interface GoogleErrorBody {
  error: { code: number; message: string; status: string; details?: Record<string, unknown>[] };
}

interface ErrorDefaults {
  status: string;
  message: string;
}

// The canonical status and the message the Gemini API sends for each HTTP status.
const DEFAULTS: Record<number, ErrorDefaults> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: {
    status: 'UNAUTHENTICATED',
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  },
  403: { status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  500: { status: 'INTERNAL', message: 'An internal error has occurred. Please retry or report the problem.' },
  503: { status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
  504: { status: 'DEADLINE_EXCEEDED', message: 'Deadline expired before operation could complete.' },
};

function defaultsFor(code: number): ErrorDefaults {
  return (
    DEFAULTS[code] ?? DEFAULTS[code >= 500 ? 500 : 400] ?? { status: 'UNKNOWN', message: 'Unknown error.' }
  );
}

export function googleError(
  code: number,
  message: string,
  status = defaultsFor(code).status,
  details?: Record<string, unknown>[],
): GoogleErrorBody {
  return { error: { code, message, status, ...(details && { details }) } };
}

/** The body for a scripted error: the scripted `body` as is, else Google's shape; `type` sets `status`. */
export function scriptedGoogleError(error: ScriptedError): Record<string, unknown> | GoogleErrorBody {
  if (error.body) return error.body;
  const defaults = defaultsFor(error.status);
  return googleError(error.status, error.message ?? defaults.message, error.type ?? defaults.status);
}

export function invalidArgument(message: string): GoogleErrorBody {
  return googleError(400, message, 'INVALID_ARGUMENT');
}

/** What the Gemini API answers for a wrong key: 400, not 401, with reason API_KEY_INVALID. */
export function invalidApiKey(): GoogleErrorBody {
  const info = {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason: 'API_KEY_INVALID',
    domain: 'googleapis.com',
    metadata: { service: 'generativelanguage.googleapis.com' },
  };
  return googleError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT', [info]);
}

export function missingApiKey(): GoogleErrorBody {
  return googleError(
    403,
    "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    'PERMISSION_DENIED',
  );
}
