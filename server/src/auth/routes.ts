import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import {
  authResponseSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  requestPasswordResetRequestSchema,
  requestPasswordResetResponseSchema,
  resetPasswordRequestSchema,
  type RequestPasswordResetRequest,
} from '@parley/shared/schemas/auth';
import { loginResponseSchema } from '@parley/shared/schemas/two-factor';
import { authErrors } from './auth-errors';
import { limitedRoute } from './limit-hooks';
import { RESET_MESSAGES } from './password-reset';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import type { AuthService, SignedIn } from './service';

export interface AuthRoutesDeps {
  auth: AuthService;
}

/** API.md "Auth": the email/password routes, refresh and logout. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesDeps> = async (app, { auth }) => {
  const secure = auth.settings.secureCookies;
  const ok = { response: { 200: authResponseSchema } };
  const present = (signedIn: SignedIn) => ({ token: signedIn.token, user: signedIn.user });

  app.post(
    paths.authRegister,
    { preHandler: limitedRoute(auth.guard, 'register'), schema: { body: registerRequestSchema, ...ok } },
    async (request, reply) => {
      const signedIn = await auth.register(request.body);
      setRefreshCookie(reply, signedIn.refresh, secure);
      return present(signedIn);
    },
  );

  app.post(
    paths.authLogin,
    {
      preHandler: limitedRoute(auth.guard, 'login'),
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const signedIn = await auth.login(request.body);
      // Two-factor: no session and no cookie until the second step (API.md "Two-factor sign-in").
      if ('tempToken' in signedIn) return signedIn;
      setRefreshCookie(reply, signedIn.refresh, secure);
      return present(signedIn);
    },
  );

  // `?retry=true` marks the client's second attempt; it is answered the same way.
  const refreshQuery = z.object({ retry: z.string().optional() });
  app.post(paths.authRefresh, { schema: { querystring: refreshQuery, ...ok } }, async (request, reply) => {
    const outcome = await auth.refresh(readRefreshCookie(request));
    if (!outcome.ok) {
      clearRefreshCookie(reply, secure);
      throw authErrors.unauthorized(outcome.reason);
    }
    setRefreshCookie(reply, outcome.signedIn.refresh, secure);
    return present(outcome.signedIn);
  });

  app.post(
    paths.authLogout,
    { schema: { response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await auth.logout(readRefreshCookie(request));
      clearRefreshCookie(reply, secure);
      return { message: 'Logout successful' };
    },
  );

  app.post(
    paths.authRequestPasswordReset,
    {
      preHandler: limitedRoute(auth.guard, 'passwordReset', (request) => {
        const { email } = request.body as RequestPasswordResetRequest;
        return `email:${email.toLowerCase()}`;
      }),
      schema: {
        body: requestPasswordResetRequestSchema,
        response: { 200: requestPasswordResetResponseSchema },
      },
    },
    async (request) => auth.requestPasswordReset(request.body),
  );

  app.post(
    paths.authResetPassword,
    { schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await auth.resetPassword(request.body);
      return { message: RESET_MESSAGES.done };
    },
  );
};
