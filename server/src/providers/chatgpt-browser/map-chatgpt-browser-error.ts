// Maps failures of the ChatGPT web backend (HTTP statuses with `{"detail": …}` bodies, broken
// connections) to ProviderError, once.
import { ProviderError } from '../types';
import type { ProviderErrorKind } from '../types';
import { causeCode } from '../../net/cause-code';
import { NETWORK_CODES } from '../shared/transport-error';

const CONTEXT_LENGTH = /too long|message_length_exceeds_limit|context/i;
const MODEL = /model/i;
/** Error codes Node's fetch (undici) and sockets use for a connection that failed or broke. */

function kindOf(status: number, message: string): ProviderErrorKind {
  if (status === 401 || status === 403) return 'invalid_key';
  if (status === 402) return 'quota';
  if (status === 429) return 'rate_limit';
  if (status === 413) return 'context_length';
  if (status >= 500) return 'upstream';
  if (status === 404) return MODEL.test(message) ? 'model_not_found' : 'bad_request';
  return CONTEXT_LENGTH.test(message) ? 'context_length' : 'bad_request';
}

/** The readable part of `{"detail": "…"}`, `{"detail": {"message": "…"}}` or FastAPI's `[{loc, msg}]`. */
function detailOf(body: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || !('detail' in json)) return undefined;
  const detail = json.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return JSON.stringify(detail);
  if (
    typeof detail === 'object' &&
    detail !== null &&
    'message' in detail &&
    typeof detail.message === 'string'
  ) {
    return detail.message;
  }
  return undefined;
}

/** The error for a non-2xx answer; `body` is the response text (may be HTML from a proxy). */
export function chatGPTHttpError(status: number, body: string): ProviderError {
  const message = detailOf(body) ?? `ChatGPT answered HTTP ${status}.`;
  return new ProviderError(kindOf(status, message), message, { status });
}

export function mapChatGPTBrowserError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const broken =
    error instanceof TypeError || NETWORK_CODES.test(causeCode(error)) || /terminated|socket/i.test(message);
  return broken
    ? new ProviderError('network', `Connection to ChatGPT failed: ${message}`, { cause: error })
    : new ProviderError('upstream', `The ChatGPT call failed: ${message}`, { cause: error });
}
