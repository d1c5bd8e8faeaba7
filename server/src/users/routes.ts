import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '@parley/shared/api/paths';
import { userSchema } from '@parley/shared/schemas/user';
import { AppError } from '../lib/errors';
import { authenticate } from '../plugins/authenticate';
import type { UsersService } from './service';

export interface UserRoutesDeps {
  users: UsersService;
  jwtSecret: string;
}

export const userRoutes: FastifyPluginAsyncZod<UserRoutesDeps> = async (app, { users, jwtSecret }) => {
  app.get(
    paths.user,
    { preHandler: authenticate(jwtSecret), schema: { response: { 200: userSchema } } },
    async (request) => {
      const user = await users.getById(request.user.id);
      // A valid token of a deleted account speaks for nobody.
      if (!user) throw new AppError(401, 'Unauthorized');
      return user;
    },
  );
};
