import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedRefreshToken } from './sessions';

export const REFRESH_COOKIE = 'refreshToken';
/** Only the routes that read it (refresh, logout) ever receive it. */
export const REFRESH_COOKIE_PATH = '/api/auth';

const baseOptions = (secure: boolean) =>
  ({ path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure }) as const;

export function setRefreshCookie(reply: FastifyReply, refresh: IssuedRefreshToken, secure: boolean): void {
  reply.setCookie(REFRESH_COOKIE, refresh.token, { ...baseOptions(secure), expires: refresh.expiresAt });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(REFRESH_COOKIE, baseOptions(secure));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
