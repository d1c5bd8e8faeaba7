/**
 * Responses to requests `public/early-requests.js` started before the bundle loaded (the session refresh, an
 * opened conversation's first page), keyed `METHOD path`. Each is handed out once, and only during start-up:
 * a later request for the same path wants what the server says then.
 */
type EarlyResponses = Record<string, Promise<Response> | undefined>;

declare global {
  interface Window {
    __parleyEarly?: EarlyResponses;
  }
}

/** Milliseconds after navigation start past which early responses are no longer handed out. */
export const EARLY_RESPONSES_MS = 10_000;

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

function earlyResponses(): EarlyResponses | undefined {
  if (typeof window === 'undefined' || !window.__parleyEarly) return undefined;
  if (performance.now() > EARLY_RESPONSES_MS) {
    delete window.__parleyEarly;
    return undefined;
  }
  return window.__parleyEarly;
}

/** Whether an early request for this method and path is waiting to be claimed. */
export function hasEarlyResponse(method: string, path: string): boolean {
  return earlyResponses()?.[keyOf(method, path)] !== undefined;
}

/** The early response for this method and path, handed out once (undefined when there is none). */
export function claimEarlyResponse(method: string, path: string): Promise<Response> | undefined {
  const responses = earlyResponses();
  const key = keyOf(method, path);
  const response = responses?.[key];
  if (responses && response) delete responses[key];
  return response;
}
