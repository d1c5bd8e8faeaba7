import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import { authResponseSchema, messageResponseSchema } from '@parley/shared/schemas/auth';
import {
  twoFactorBackupCodesResponseSchema,
  twoFactorConfirmRequestSchema,
  twoFactorConfirmResponseSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorRegenerateRequestSchema,
  twoFactorStatusSchema,
  twoFactorVerifyTempRequestSchema,
} from '@parley/shared/schemas/two-factor';
import { authErrors } from '../auth/auth-errors';
import { setRefreshCookie } from '../auth/refresh-cookie';
import type { AuthService } from '../auth/service';
import { AppError } from '../lib/errors';
import { authenticate } from '../plugins/authenticate';
import type { UsersService } from '../users/service';
import type { TwoFactorService } from './service';

export interface TwoFactorRoutesDeps {
  twoFactor: TwoFactorService;
  auth: AuthService;
  users: Pick<UsersService, 'getById' | 'findAccountByEmail'>;
  jwtSecret: string;
}

/** A `429` of the wrong-code lock carries `Retry-After` (API.md "Conventions"). */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const seconds = error instanceof AppError ? error.details?.retryAfterSeconds : undefined;
    if (typeof seconds === 'number') void reply.header('Retry-After', String(seconds));
    throw error;
  }
}

/** API.md "Two-factor sign-in": set up, confirm, turn off, new backup codes, and the sign-in's second step. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesDeps> = async (app, deps) => {
  const { twoFactor, auth, users, jwtSecret } = deps;
  const signedIn = authenticate(jwtSecret);
  const secure = auth.settings.secureCookies;

  /**
   * Signs in a user whose second step is done: an access token and a refresh cookie, as login does; an
   * account disabled since its password was checked is refused as login refuses it.
   */
  const finishSignIn = async (reply: FastifyReply, userId: string) => {
    const user = await users.getById(userId);
    const account = user && (await users.findAccountByEmail(user.email));
    if (!user || !account) throw new AppError(401, 'Unauthorized');
    if (account.disabled) throw authErrors.accountDisabled();
    const session = await auth.startSession(user);
    setRefreshCookie(reply, session.refresh, secure);
    return { token: session.token, user: session.user };
  };

  app.get(
    paths.twoFactor,
    { preHandler: signedIn, schema: { response: { 200: twoFactorStatusSchema } } },
    async (request) => twoFactor.status(request.user.id),
  );

  // Signed in (password typed again), or at a sign-in REQUIRE_2FA sent here (with its setup temp token).
  app.post(
    paths.twoFactorEnable,
    { schema: { body: twoFactorEnableRequestSchema, response: { 200: twoFactorEnableResponseSchema } } },
    async (request, reply) => {
      const { password, tempToken } = request.body;
      if (tempToken !== undefined) {
        const claims = await twoFactor.readTempToken(tempToken, 'setup');
        const user = await users.getById(claims.userId);
        if (!user) throw new AppError(401, 'Unauthorized');
        return twoFactor.enable(user.id, user.email, null);
      }
      await signedIn(request, reply);
      if (reply.sent) return reply;
      const user = await users.getById(request.user.id);
      if (!user) throw new AppError(401, 'Unauthorized');
      return twoFactor.enable(user.id, user.email, password ?? '');
    },
  );

  app.post(
    paths.twoFactorConfirm,
    { schema: { body: twoFactorConfirmRequestSchema, response: { 200: twoFactorConfirmResponseSchema } } },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const { token, tempToken } = request.body;
        if (tempToken !== undefined) {
          const claims = await twoFactor.readTempToken(tempToken, 'setup');
          await twoFactor.confirm(claims.userId, token);
          await twoFactor.spendTempToken(claims);
          return finishSignIn(reply, claims.userId);
        }
        await signedIn(request, reply);
        if (reply.sent) return reply;
        await twoFactor.confirm(request.user.id, token);
        return { message: 'Two-factor sign-in is on' };
      }),
  );

  app.post(
    paths.twoFactorDisable,
    {
      preHandler: signedIn,
      schema: { body: twoFactorDisableRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const { password, ...factor } = request.body;
        await twoFactor.disable(request.user.id, password, factor);
        return { message: 'Two-factor sign-in is off' };
      }),
  );

  app.post(
    paths.twoFactorRegenerateBackupCodes,
    {
      preHandler: signedIn,
      schema: {
        body: twoFactorRegenerateRequestSchema,
        response: { 200: twoFactorBackupCodesResponseSchema },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => ({
        backupCodes: await twoFactor.regenerateBackupCodes(request.user.id, request.body.token),
      })),
  );

  // The sign-in's second step: the temp token of a right password and a code or a backup code.
  app.post(
    paths.twoFactorVerifyTemp,
    { schema: { body: twoFactorVerifyTempRequestSchema, response: { 200: authResponseSchema } } },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const { tempToken, ...factor } = request.body;
        const claims = await twoFactor.readTempToken(tempToken, 'login');
        await twoFactor.verifyForSignIn(claims.userId, factor);
        await twoFactor.spendTempToken(claims);
        return finishSignIn(reply, claims.userId);
      }),
  );
};
