// A request sent on a kept-alive connection that the server (or a proxy before it) closes at that moment fails
// before any answer, with a reset. Browsers send such a request again on a new connection; Node's fetch does
// not, whatever the method (an OpenID discovery GET failed so between two sign-ins), and the provider SDKs run
// with `maxRetries: 0` (the chat engine decides about failures). This sends the request once more when fetch
// itself failed with a reset — never after an answer began, and never for an HTTP error.
import type { FetchLike } from './address-guard';
import { causeCode } from './cause-code';

/** Codes of a connection closed under a request: reset by the peer, written after its close, closed early. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Bodies fetch can send a second time (a stream is read once). */
function canSendAgain(input: string | URL | Request, body: RequestInit['body']): boolean {
  if (input instanceof Request && input.body !== null) return false;
  return !(body instanceof ReadableStream);
}

/** Methods a server may receive twice to the effect of once (RFC 9110, 9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

function methodOf(input: string | URL | Request, init: RequestInit | undefined): string {
  return (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
}

export interface StaleConnectionRetryOptions {
  /**
   * Send again only a request whose method is idempotent: for calls whose effect we cannot know (an action's
   * POST may place an order, and a reset does not prove the server never acted on it).
   */
  idempotentOnly?: boolean;
}

/** `inner`, sending a request again once when its connection was reset before any answer. */
export function withStaleConnectionRetry(
  inner: FetchLike,
  options: StaleConnectionRetryOptions = {},
): FetchLike {
  return async (input, init) => {
    try {
      return await inner(input, init);
    } catch (error) {
      if (
        init?.signal?.aborted ||
        !RESET_CODES.has(causeCode(error)) ||
        !canSendAgain(input, init?.body) ||
        (options.idempotentOnly === true && !IDEMPOTENT_METHODS.has(methodOf(input, init)))
      )
        throw error;
      return inner(input, init);
    }
  };
}

/** Node's fetch, sending a request again once when its kept-alive connection was closed under it. */
export const fetchSendingAgainOnReset: FetchLike = withStaleConnectionRetry((input, init) =>
  fetch(input, init),
);
