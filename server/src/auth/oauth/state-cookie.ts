import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '@parley/shared/constants';
import type { OAuthFlow } from './oauth-flow';

const STATE_COOKIE = 'parley_oauth';
const STATE_COOKIE_PATH = '/oauth';
const STATE_TTL_SECONDS = 10 * 60;

const flowSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  state: z.string().min(1),
  codeVerifier: z.string().min(1),
  nonce: z.string().min(1),
});

/**
 * The login flow's secrets travel in a signed, httpOnly cookie scoped to `/oauth`. `SameSite=Lax`
 * (not Strict): the callback is a top-level navigation coming from the provider's site.
 */
const options = (secure: boolean) =>
  ({ path: STATE_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure, signed: true }) as const;

export function setStateCookie(reply: FastifyReply, flow: OAuthFlow, secure: boolean): void {
  reply.setCookie(STATE_COOKIE, JSON.stringify(flow), { ...options(secure), maxAge: STATE_TTL_SECONDS });
}

/** The flow this browser started, if its cookie is present, correctly signed and well-formed. */
export function readStateCookie(request: FastifyRequest): OAuthFlow | undefined {
  const raw = request.cookies[STATE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return undefined;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function clearStateCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(STATE_COOKIE, options(secure));
}
