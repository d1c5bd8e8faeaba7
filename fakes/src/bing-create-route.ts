// `GET /turing/conversation/create`: checks the `_U` cookie, then answers a new conversation (ids in
// the JSON body, the encrypted signature in a header), a scripted HTTP error or a refused result.
import { randomBytes, randomInt } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { BingReply, BingResult } from './bing-script';
import { sendJson } from './http-io';
import type { ScriptQueue } from './script-queue';
import type { ScriptedError } from './script-types';

export const SIGNATURE_HEADER = 'x-sydney-encryptedconversationsignature';

export interface BingConversation {
  clientId: string;
  signature: string;
  userMessages: number;
}

/** conversation id → its client id, signature and how many user messages it has had. */
export type BingConversations = Map<string, BingConversation>;

const UNAUTHORIZED: BingResult = {
  value: 'UnauthorizedRequest',
  message: 'Sorry, you need to login first to access this service.',
};

// The result value and message Bing sends with each HTTP error status.
const RESULTS: Record<number, BingResult> = {
  401: UNAUTHORIZED,
  403: { value: 'Forbidden', message: 'Sorry, you do not have access to this service.' },
  429: { value: 'Throttled', message: 'Request is throttled.' },
  500: { value: 'ServiceUnavailable', message: 'Sorry, the service is unavailable right now.' },
};

export function resultForStatus(status: number, message?: string): BingResult {
  const result = RESULTS[status] ?? RESULTS[status >= 500 ? 500 : 403] ?? UNAUTHORIZED;
  return message === undefined ? result : { ...result, message };
}

function errorBody(error: ScriptedError): Record<string, unknown> {
  return error.body ?? { result: resultForStatus(error.status, error.message) };
}

/** The `_U` cookie of a `Cookie` header, or null. */
export function userCookie(header: string | undefined): string | null {
  for (const pair of (header ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === '_U') return value.join('=');
  }
  return null;
}

/** Takes the next reply only when it is meant for this route (an error or a refused result). */
function takeCreateReply(queue: ScriptQueue<BingReply>): BingReply | undefined {
  const next = queue.peek();
  return next?.error || next?.createResult ? queue.take() : undefined;
}

export function handleCreate(
  res: ServerResponse,
  cookieHeader: string | undefined,
  queue: ScriptQueue<BingReply>,
  conversations: BingConversations,
): void {
  const expected = queue.apiKey;
  if (expected !== null && userCookie(cookieHeader) !== expected) {
    sendJson(res, 200, { result: UNAUTHORIZED });
    return;
  }
  const reply = takeCreateReply(queue);
  if (reply?.error) {
    sendJson(res, reply.error.status, errorBody(reply.error), reply.error.headers);
    return;
  }
  if (reply?.createResult) {
    sendJson(res, 200, { result: { message: null, ...reply.createResult } });
    return;
  }
  const conversationId = `51D|BingProdUnAuthenticatedUsers|${randomBytes(32).toString('hex').toUpperCase()}`;
  const clientId = String(randomInt(1e14, 2 ** 48 - 1));
  const signature = randomBytes(48).toString('base64');
  conversations.set(conversationId, { clientId, signature, userMessages: 0 });
  const body = { conversationId, clientId, result: { value: 'Success', message: null } };
  sendJson(res, 200, body, { [SIGNATURE_HEADER]: signature });
}
