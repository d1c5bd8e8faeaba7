// Maps failures of `@anthropic-ai/sdk` to ProviderError, once.
import { anthropicSdk } from '../../lib/provider-sdks';
import { ProviderError } from '../types';
import type { ProviderErrorKind } from '../types';
import { mapTransportError } from '../shared/transport-error';

const CONTEXT_LENGTH = /prompt is too long|context window|too many tokens/i;
const LOW_CREDIT = /credit balance is too low/i;
const MODEL = /model/i;
/** Error codes Node's fetch (undici) and sockets use for a connection that failed or broke. */

/** The error `type` of the body, which is all a mid-stream `event: error` carries. */
function kindOfType(type: string | null, message: string): ProviderErrorKind {
  switch (type) {
    case 'authentication_error':
    case 'permission_error':
      return 'invalid_key';
    case 'billing_error':
      return 'quota';
    case 'rate_limit_error':
      return 'rate_limit';
    case 'not_found_error':
      return MODEL.test(message) ? 'model_not_found' : 'bad_request';
    case 'invalid_request_error':
    case 'request_too_large':
      return CONTEXT_LENGTH.test(message)
        ? 'context_length'
        : LOW_CREDIT.test(message)
          ? 'quota'
          : 'bad_request';
    default:
      return 'upstream';
  }
}

function kindOf(status: number | undefined, type: string | null, message: string): ProviderErrorKind {
  if (status === undefined) return kindOfType(type, message);
  if (status === 401 || status === 403) return 'invalid_key';
  if (status === 402) return 'quota';
  if (status === 429) return 'rate_limit';
  // 529 overloaded_error and every 5xx: the service's trouble, worth retrying later.
  if (status >= 500) return 'upstream';
  const byType = kindOfType(type, message);
  return byType === 'upstream' ? 'bad_request' : byType;
}

export function mapAnthropicError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  // Before the SDK is loaded, no error can be one of its own.
  const sdk = anthropicSdk.ifLoaded();
  if (!sdk) return mapTransportError(error, 'Anthropic');
  const { APIConnectionError, APIConnectionTimeoutError, APIError } = sdk;
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError('timeout', 'Anthropic did not answer in time.', { cause: error });
  }
  if (error instanceof APIConnectionError) {
    const detail = error.cause instanceof Error ? error.cause.message : error.message;
    return new ProviderError('network', `Could not reach Anthropic: ${detail}`, { cause: error });
  }
  if (error instanceof APIError) {
    const message = error.apiMessage ?? error.message;
    const kind = kindOf(error.status, error.type, message);
    return new ProviderError(kind, message, {
      ...(error.status === undefined ? {} : { status: error.status }),
      cause: error,
    });
  }
  return mapTransportError(error, 'Anthropic');
}
