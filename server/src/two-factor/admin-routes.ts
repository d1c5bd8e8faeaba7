import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '@parley/shared/api/paths';
import { requireAdmin } from '../admin/require-admin';
import type { AdminService } from '../admin/service';
import { notFound } from '../lib/errors';
import type { UsersService } from '../users/service';
import type { TwoFactorService } from './service';

export interface TwoFactorAdminRoutesDeps {
  twoFactor: Pick<TwoFactorService, 'reset'>;
  users: Pick<UsersService, 'getById'>;
  jwtSecret: string;
  /** The audit log of administrators' changes (the admin feature's, which adds the emails). */
  audit: AdminService['recordAudit'];
}

/** The audit log's action for an administrator's reset of a user's two-factor sign-in. */
export const TWO_FACTOR_RESET_ACTION = 'user.2fa.reset';

/**
 * `DELETE /api/admin/users/{id}/2fa` → `204`: the user signs in with the password alone again (and sets it
 * up again at that sign-in where `REQUIRE_2FA` says so). Audited, also when there was nothing to reset.
 */
export const twoFactorAdminRoutes: FastifyPluginAsyncZod<TwoFactorAdminRoutesDeps> = async (app, deps) => {
  const { twoFactor, users, jwtSecret, audit } = deps;
  app.delete(
    paths.adminUserTwoFactor,
    {
      preHandler: requireAdmin(jwtSecret),
      schema: { params: z.object({ id: z.uuid({ error: 'Not a user id' }) }) },
    },
    async (request, reply) => {
      const target = await users.getById(request.params.id);
      if (!target) throw notFound('No such user');
      const hadIt = await twoFactor.reset(target.id);
      await audit({
        actorId: request.user.id,
        action: TWO_FACTOR_RESET_ACTION,
        targetId: target.id,
        targetLabel: target.email,
        details: { hadTwoFactor: hadIt },
      });
      return reply.status(204).send();
    },
  );
};
