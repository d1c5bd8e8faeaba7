// Maps Bing's failures to ProviderError, once: HTTP statuses (conversation create, ChatHub upgrade),
// `result.value`s (create answers and the final message), and broken connections.
import { ProviderError } from '../types';
import type { ProviderErrorKind } from '../types';
import { causeCode } from '../../net/cause-code';
import { NETWORK_CODES } from '../shared/transport-error';

/** Error codes of Node's fetch (undici) and sockets for a connection that failed or broke. */

function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'invalid_key';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'upstream';
  return 'bad_request';
}

function kindOfResult(value: string): ProviderErrorKind {
  switch (value) {
    case 'UnauthorizedRequest':
    case 'Forbidden':
      return 'invalid_key';
    case 'Throttled':
      return 'rate_limit';
    case 'InvalidSession':
    case 'InvalidRequest':
      return 'bad_request';
    default:
      return 'upstream';
  }
}

const HINTS: Record<string, string> = {
  UnauthorizedRequest: 'Bing did not accept the cookies; copy them again from a signed-in bing.com.',
  CaptchaChallenge: 'Bing asks for a CAPTCHA: solve it on bing.com with this account, then try again.',
  InvalidSession: 'The Bing conversation has expired; start a new conversation.',
};

/** A non-Success `result` of a create answer or of the final message. */
export function bingResultError(value: string, message: string | null | undefined): ProviderError {
  const detail = message?.trim() ? `${value}: ${message.trim()}` : value;
  const hint = HINTS[value];
  const kind = value === 'CaptchaChallenge' ? 'invalid_key' : kindOfResult(value);
  return new ProviderError(kind, hint ? `Bing: ${detail}. ${hint}` : `Bing: ${detail}`, {
    ...(value === 'ProcessingMessage' ? { retryable: true } : {}),
  });
}

/** The `result` of a JSON error body, when it has one. */
function resultOf(body: string): { value: string; message?: string | null } | undefined {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json !== 'object' || json === null || !('result' in json)) return undefined;
    const result = json.result;
    if (typeof result !== 'object' || result === null || !('value' in result)) return undefined;
    if (typeof result.value !== 'string') return undefined;
    const message = 'message' in result && typeof result.message === 'string' ? result.message : null;
    return { value: result.value, message };
  } catch {
    return undefined;
  }
}

/** A non-2xx answer of conversation create or of the ChatHub upgrade. */
export function bingHttpError(status: number, body: string, what: string): ProviderError {
  const result = resultOf(body);
  const detail = result ? `${result.value}${result.message ? `: ${result.message}` : ''}` : `HTTP ${status}`;
  return new ProviderError(kindOfStatus(status), `Bing ${what} failed (${detail}).`, { status });
}

export function mapBingError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const broken =
    error instanceof TypeError ||
    NETWORK_CODES.test(causeCode(error)) ||
    /terminated|socket|closed/i.test(message);
  return broken
    ? new ProviderError('network', `Connection to Bing failed: ${message}`, { cause: error })
    : new ProviderError('upstream', `The Bing call failed: ${message}`, { cause: error });
}
