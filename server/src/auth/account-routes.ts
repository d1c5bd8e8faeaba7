import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import {
  ACCOUNT_ERRORS,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  revokedSessionsResponseSchema,
  updateAccountRequestSchema,
  updateAccountResponseSchema,
} from '@parley/shared/schemas/account';
import { messageResponseSchema } from '@parley/shared/schemas/auth';
import type { FilesService } from '../files/service';
import { AppError } from '../lib/errors';
import { authenticate } from '../plugins/authenticate';
import { normalizeEmail, type UsersService } from '../users/service';
import { clearRefreshCookie, readRefreshCookie } from './refresh-cookie';
import type { AuthService } from './service';

export interface AccountRoutesDeps {
  auth: AuthService;
  users: UsersService;
  files: Pick<FilesService, 'deleteAllOf'>;
  jwtSecret: string;
}

export const EMAIL_MISMATCH = ACCOUNT_ERRORS.emailMismatch;

/**
 * SPEC §2 Settings "Account": rename, change the password, sign out other sessions, delete the account.
 * The password and sessions routes live under `/api/auth`, where the refresh cookie (this session) is sent.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesDeps> = async (app, deps) => {
  const { auth, users, files, jwtSecret } = deps;
  const secure = auth.settings.secureCookies;
  const signedIn = authenticate(jwtSecret);

  app.patch(
    paths.user,
    {
      preHandler: signedIn,
      schema: { body: updateAccountRequestSchema, response: { 200: updateAccountResponseSchema } },
    },
    async (request) => {
      const user = await users.rename(request.user.id, request.body.name);
      if (!user) throw new AppError(401, 'Unauthorized');
      return user;
    },
  );

  app.post(
    paths.authPassword,
    {
      preHandler: signedIn,
      schema: { body: changePasswordRequestSchema, response: { 200: revokedSessionsResponseSchema } },
    },
    async (request) => ({
      revoked: await auth.changePassword(request.user.id, request.body, readRefreshCookie(request)),
    }),
  );

  app.post(
    paths.authRevokeOtherSessions,
    { preHandler: signedIn, schema: { response: { 200: revokedSessionsResponseSchema } } },
    async (request) => ({
      revoked: await auth.revokeOtherSessions(request.user.id, readRefreshCookie(request)),
    }),
  );

  app.delete(
    paths.user,
    {
      preHandler: signedIn,
      schema: { body: deleteAccountRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      const user = await users.getById(request.user.id);
      if (!user) throw new AppError(401, 'Unauthorized');
      if (normalizeEmail(request.body.email) !== normalizeEmail(user.email)) {
        throw new AppError(400, EMAIL_MISMATCH);
      }
      // Files first: their rows name the bytes to delete, and go with the account anyway.
      await files.deleteAllOf(user.id);
      await users.deleteAccount(user.id);
      clearRefreshCookie(reply, secure);
      return { message: 'Account deleted' };
    },
  );
};
