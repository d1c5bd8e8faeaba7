// `GET {host}/turing/conversation/create` with the user's cookies: the conversation and client ids in the
// JSON body, the encrypted signature in the `x-sydney-encryptedconversationsignature` header.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { fetchSendingAgainOnReset } from '../../net/stale-connection-retry';
import { ProviderError } from '../types';
import type { BingSession } from './bing-session';
import { bingHttpError, bingResultError } from './map-bing-error';

const SIGNATURE_HEADER = 'x-sydney-encryptedconversationsignature';
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0';

const createAnswerSchema = z.object({
  conversationId: z.string().nullish(),
  clientId: z.string().nullish(),
  conversationSignature: z.string().nullish(),
  result: z.object({ value: z.string(), message: z.string().nullish() }).nullish(),
});

/** A full cookie header is sent as is; a bare value is the `_U` cookie of a signed-in bing.com. */
export function cookieHeader(cookies: string | undefined): string | undefined {
  const value = cookies?.trim();
  if (!value) return undefined;
  return value.includes('=') ? value : `_U=${value}`;
}

function parseAnswer(text: string): z.infer<typeof createAnswerSchema> {
  try {
    return createAnswerSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new ProviderError('upstream', 'Bing answered conversation create with an unreadable body.', {
      cause: error,
    });
  }
}

export async function createBingConversation(
  createUrl: string,
  cookies: string | undefined,
  signal: AbortSignal,
): Promise<BingSession> {
  const cookie = cookieHeader(cookies);
  const response = await fetchSendingAgainOnReset(createUrl, {
    headers: {
      accept: 'application/json',
      'user-agent': USER_AGENT,
      'x-ms-client-request-id': randomUUID(),
      ...(cookie ? { cookie } : {}),
    },
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw bingHttpError(response.status, text, 'conversation create');
  const answer = parseAnswer(text);
  const result = answer.result?.value ?? 'Success';
  if (result !== 'Success') throw bingResultError(result, answer.result?.message);
  if (!answer.conversationId || !answer.clientId) {
    throw new ProviderError('upstream', 'Bing created no conversation (no conversationId or clientId).');
  }
  const encrypted = response.headers.get(SIGNATURE_HEADER) ?? undefined;
  return {
    conversationId: answer.conversationId,
    clientId: answer.clientId,
    ...(encrypted ? { encryptedConversationSignature: encrypted } : {}),
    ...(answer.conversationSignature ? { conversationSignature: answer.conversationSignature } : {}),
    invocationId: 0,
  };
}
