import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import type { OAuthErrorCode } from '@parley/shared/schemas/auth';
import { notFound } from '../lib/errors';
import type { OAuthService } from './oauth/oauth-service';
import { clearStateCookie, readStateCookie, setStateCookie } from './oauth/state-cookie';
import { setRefreshCookie } from './refresh-cookie';
import type { AuthService } from './service';
import { SocialLoginError } from './social-login';

export interface OAuthRoutesDeps {
  auth: AuthService;
  oauth: OAuthService;
}

const params = z.object({ provider: z.string() });

/**
 * `GET /oauth/{provider}` → 302 to the provider; `GET /oauth/{provider}/callback` → refresh cookie and
 * 302 to `/c/new`, or 302 to `/login?error=<OAuthErrorCode>`. Both 404 for a provider not enabled.
 */
export const oauthRoutes: FastifyPluginAsyncZod<OAuthRoutesDeps> = async (app, { auth, oauth }) => {
  const { domainClient, secureCookies: secure } = auth.settings;
  const fail = (reply: FastifyReply, code: OAuthErrorCode) =>
    reply.redirect(`${domainClient}/login?error=${code}`, 302);

  app.get(paths.oauthLogin, { schema: { params } }, async (request, reply) => {
    const { provider } = request.params;
    if (!oauth.isEnabled(provider)) throw notFound();
    const refusal = await limitRefusal(auth, request);
    if (refusal) return fail(reply, refusal);
    try {
      const { url, flow } = await oauth.start(provider);
      setStateCookie(reply, flow, secure);
      return reply.redirect(url, 302);
    } catch (error) {
      request.log.error({ err: error, provider }, 'social login could not start');
      return fail(reply, 'auth_failed');
    }
  });

  app.get(paths.oauthCallback, { schema: { params } }, async (request, reply) => {
    const { provider } = request.params;
    if (!oauth.isEnabled(provider)) throw notFound();
    const flow = readStateCookie(request);
    clearStateCookie(reply, secure);
    if ((await auth.guard.banRemainingMs([{ ip: request.ip }])) > 0) return fail(reply, 'banned');
    const query = new URL(request.url, 'http://callback.invalid').searchParams;
    try {
      const signedIn = await oauth.complete(provider, query, flow);
      setRefreshCookie(reply, signedIn.refresh, secure);
      return reply.redirect(`${domainClient}/c/new`, 302);
    } catch (error) {
      if (!(error instanceof SocialLoginError)) {
        request.log.error({ err: error, provider }, 'social login failed');
        return fail(reply, 'auth_failed');
      }
      request.log.info({ err: error, provider, reason: error.code }, 'social login refused');
      return fail(reply, error.code);
    }
  });
};

/** A banned IP or one past the login limit may not start a social login either. */
async function limitRefusal(auth: AuthService, request: FastifyRequest): Promise<OAuthErrorCode | null> {
  if ((await auth.guard.banRemainingMs([{ ip: request.ip }])) > 0) return 'banned';
  const attempt = await auth.guard.attempt('login', request.ip);
  return attempt.allowed ? null : 'rate_limited';
}
