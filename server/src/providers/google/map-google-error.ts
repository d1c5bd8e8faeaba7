// Maps failures of `@google/genai` to ProviderError, once. The SDK's ApiError carries the HTTP status and,
// as its message, the JSON error body (`{error: {code, message, status, details}}`).
import type { ApiError } from '@google/genai';
import { googleSdk } from '../../lib/provider-sdks';
import { ProviderError } from '../types';
import type { ProviderErrorKind } from '../types';
import { mapTransportError } from '../shared/transport-error';

interface GoogleStatus {
  message: string;
  /** The canonical code name: INVALID_ARGUMENT, RESOURCE_EXHAUSTED … */
  status: string;
  /** `reason` of each google.rpc.ErrorInfo detail, e.g. API_KEY_INVALID. */
  reasons: string[];
}

const CONTEXT_LENGTH = /exceeds the maximum number of tokens|input token count|too long/i;
const QUOTA = /exceeded your current quota|billing/i;
const MODEL = /model/i;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function reasonsOf(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail) =>
    isRecord(detail) && typeof detail.reason === 'string' ? [detail.reason] : [],
  );
}

/** Reads the error body out of the SDK's message; falls back to the message itself. */
function statusOf(error: ApiError): GoogleStatus {
  const start = error.message.indexOf('{');
  try {
    const body: unknown = start === -1 ? undefined : JSON.parse(error.message.slice(start));
    const inner = isRecord(body) && isRecord(body.error) ? body.error : undefined;
    if (inner) {
      return {
        message: typeof inner.message === 'string' ? inner.message : error.message,
        status: typeof inner.status === 'string' ? inner.status : '',
        reasons: reasonsOf(inner.details),
      };
    }
  } catch {
    // Not JSON: keep the SDK's text.
  }
  return { message: error.message, status: '', reasons: [] };
}

function kindOf(code: number, { message, status, reasons }: GoogleStatus): ProviderErrorKind {
  // The Gemini API answers a wrong key with 400 INVALID_ARGUMENT and reason API_KEY_INVALID.
  if (code === 401 || code === 403 || reasons.includes('API_KEY_INVALID')) return 'invalid_key';
  if (code === 429) return QUOTA.test(message) ? 'quota' : 'rate_limit';
  if (code >= 500) return 'upstream';
  if (code === 404) return MODEL.test(message) ? 'model_not_found' : 'bad_request';
  if (status === 'FAILED_PRECONDITION' && QUOTA.test(message)) return 'quota';
  if (CONTEXT_LENGTH.test(message)) return 'context_length';
  return 'bad_request';
}

export function mapGoogleError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  // Before the SDK is loaded, no error can be one of its own.
  const sdk = googleSdk.ifLoaded();
  if (sdk && error instanceof sdk.ApiError) {
    const parsed = statusOf(error);
    return new ProviderError(kindOf(error.status, parsed), parsed.message, {
      status: error.status,
      cause: error,
    });
  }
  return mapTransportError(error, 'Google');
}
