import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPaths } from '@parley/shared/api/admin-paths';
import {
  adminGroupSchema,
  adminGroupsSchema,
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  balanceOperationResultSchema,
  balanceOperationSchema,
  createAdminUserSchema,
  createGroupSchema,
  groupMembersChangeSchema,
  patchAdminUserSchema,
  patchGroupSchema,
} from '@parley/shared/schemas/admin';
import { requireAdmin } from './require-admin';
import type { AdminService } from './service';

export interface AdminRoutesDeps {
  admin: AdminService;
  jwtSecret: string;
}

const idParams = z.object({ id: z.string().max(100) });

/**
 * `/api/admin/*` users, groups and audit (API.md "Administration, budgets and usage"): administrators only,
 * the role checked against the stored one on every request; every change is audited by the service.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesDeps> = async (app, { admin, jwtSecret }) => {
  app.addHook('preHandler', requireAdmin(jwtSecret));
  const actor = (userId: string) => admin.actor(userId);

  app.get(
    adminPaths.users,
    { schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } } },
    async (request) => admin.listUsers(request.query),
  );

  app.post(
    adminPaths.users,
    { schema: { body: createAdminUserSchema, response: { 201: adminUserSchema } } },
    async (request, reply) => {
      const user = await admin.createUser(await actor(request.user.id), request.body);
      return reply.status(201).send(user);
    },
  );

  app.patch(
    adminPaths.user,
    { schema: { params: idParams, body: patchAdminUserSchema, response: { 200: adminUserSchema } } },
    async (request) => admin.updateUser(await actor(request.user.id), request.params.id, request.body),
  );

  app.delete(adminPaths.user, { schema: { params: idParams } }, async (request, reply) => {
    await admin.deleteUser(await actor(request.user.id), request.params.id);
    return reply.status(204).send();
  });

  app.post(adminPaths.userSessionsRevoke, { schema: { params: idParams } }, async (request, reply) => {
    await admin.revokeSessions(await actor(request.user.id), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    adminPaths.userBalance,
    {
      schema: {
        params: idParams,
        body: balanceOperationSchema,
        response: { 200: balanceOperationResultSchema },
      },
    },
    async (request) => ({
      balance: await admin.changeBalance(await actor(request.user.id), request.params.id, request.body),
    }),
  );

  app.get(adminPaths.groups, { schema: { response: { 200: adminGroupsSchema } } }, async () => ({
    groups: await admin.listGroups(),
  }));

  app.post(
    adminPaths.groups,
    { schema: { body: createGroupSchema, response: { 201: adminGroupSchema } } },
    async (request, reply) => {
      const group = await admin.createGroup(await actor(request.user.id), request.body);
      return reply.status(201).send(group);
    },
  );

  app.patch(
    adminPaths.group,
    { schema: { params: idParams, body: patchGroupSchema, response: { 200: adminGroupSchema } } },
    async (request) => admin.updateGroup(await actor(request.user.id), request.params.id, request.body),
  );

  app.delete(adminPaths.group, { schema: { params: idParams } }, async (request, reply) => {
    await admin.deleteGroup(await actor(request.user.id), request.params.id);
    return reply.status(204).send();
  });

  app.put(
    adminPaths.groupMembers,
    { schema: { params: idParams, body: groupMembersChangeSchema, response: { 200: adminGroupSchema } } },
    async (request) =>
      admin.changeMembers(
        await actor(request.user.id),
        request.params.id,
        request.body.add,
        request.body.remove,
      ),
  );

  app.get(
    adminPaths.audit,
    { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => admin.audit(request.query.cursor),
  );
};
