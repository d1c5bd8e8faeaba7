// Maps failures of the `openai` SDK (OpenAI, Azure OpenAI and OpenAI-compatible servers) to ProviderError, once.
import type { APIError } from 'openai';
import { openAISdk } from '../../lib/provider-sdks';
import { ProviderError } from '../types';
import type { ProviderErrorKind } from '../types';
import { mapTransportError } from './transport-error';

const CONTEXT_LENGTH =
  /context_length_exceeded|maximum context length|context length exceeded|too many tokens/i;
const MODERATION = /content_filter|content_policy|moderation|responsibleaipolicyviolation/i;
const MODEL_NOT_FOUND = /model_not_found|deploymentnotfound|model .*does not exist/i;
/** Error codes Node's fetch (undici) and sockets use for a connection that failed or broke. */

const HTML_TAG = /<\/?[a-z!][^>]*>/i;
const LONGEST_MESSAGE = 300;

/** A proxy's HTML error page becomes its text ("502 Bad Gateway nginx"), never markup shown to users. */
function readable(message: string): string {
  if (!HTML_TAG.test(message)) return message;
  const text = message
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = text.length > LONGEST_MESSAGE ? `${text.slice(0, LONGEST_MESSAGE)}…` : text;
  return `The provider answered with an HTML page: ${short}`;
}

/** The vendor's own message: `error.message` from the body, else the SDK's text. */
function vendorMessage(error: APIError): string {
  const body: unknown = error.error;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return readable(body.message);
  }
  return readable(error.message);
}

/** Text the classification looks at: the code, the type and the message, for servers that only send some. */
function signature(error: APIError, message: string): string {
  const inner: unknown = error.error;
  const innerCode =
    typeof inner === 'object' && inner !== null && 'innererror' in inner
      ? JSON.stringify(inner.innererror)
      : '';
  return [error.code ?? '', error.type ?? '', innerCode, message].join(' ');
}

function kindOfStatus(status: number, text: string, code: string): ProviderErrorKind {
  if (status === 401) return 'invalid_key';
  if (status === 429) return code === 'insufficient_quota' ? 'quota' : 'rate_limit';
  if (status >= 500) return 'upstream';
  if (MODERATION.test(text)) return 'moderation';
  if (CONTEXT_LENGTH.test(text)) return 'context_length';
  if (status === 404 && MODEL_NOT_FOUND.test(text)) return 'model_not_found';
  return 'bad_request';
}

export function mapOpenAIError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  // Before the SDK is loaded, no error can be one of its own.
  const sdk = openAISdk.ifLoaded();
  if (!sdk) return mapTransportError(error, 'the provider');
  const { APIConnectionError, APIConnectionTimeoutError, APIError } = sdk;
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError('timeout', 'The provider did not answer in time.', { cause: error });
  }
  if (error instanceof APIConnectionError) {
    const detail = error.cause instanceof Error ? error.cause.message : error.message;
    return new ProviderError('network', `Could not reach the provider: ${detail}`, { cause: error });
  }
  if (error instanceof APIError) {
    const message = vendorMessage(error);
    if (error.status === undefined) {
      // An `error` event inside a stream that had already started.
      return new ProviderError('upstream', message, { cause: error });
    }
    const kind = kindOfStatus(error.status, signature(error, message), String(error.code ?? ''));
    return new ProviderError(kind, message, { status: error.status, cause: error });
  }
  return mapTransportError(error, 'the provider');
}
