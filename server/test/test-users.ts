import { randomBytes } from 'node:crypto';
import type { User } from '@parley/shared/schemas/user';
import { hashPassword } from '../src/auth/passwords';
import type { Database } from '../src/db/client';
import { signAccessToken } from '../src/lib/access-token';
import { createUsersService } from '../src/users/service';
import type { TestApp } from './test-app';

export interface TestUserOverrides {
  name?: string;
  username?: string;
  email?: string;
  /** Default `password123`; null for an account without a password (social only). */
  password?: string | null;
  /** Signs the token when only a database is given (default: a fixed test secret). */
  jwtSecret?: string;
  /** Access-token lifetime (default 15 minutes). */
  ttlSeconds?: number;
}

export interface TestUser {
  user: User;
  /** A valid access token: send it as `authorization: Bearer <token>`. */
  token: string;
  password: string | null;
  /** `{ authorization: 'Bearer …' }` for `app.inject({ headers })`. */
  headers: { authorization: string };
}

export const TEST_JWT_SECRET = 'parley-test-jwt-secret-0123456789abcdef';

/**
 * Creates a user straight in the database (no HTTP, so no rate limits) and signs an access token for it
 * with the app's JWT secret. The first user of a database is ADMIN, like on the real sign-up path.
 */
export async function createTestUser(
  target: Pick<TestApp, 'database' | 'config'> | Database,
  overrides: TestUserOverrides = {},
): Promise<TestUser> {
  const database = 'config' in target ? target.database : target;
  const secret =
    'config' in target ? target.config.secrets.jwtSecret : (overrides.jwtSecret ?? TEST_JWT_SECRET);
  const password = overrides.password === undefined ? 'password123' : overrides.password;
  const suffix = randomBytes(4).toString('hex');
  const { user } = await createUsersService(database.db).create({
    name: overrides.name ?? `Test User ${suffix}`,
    username: overrides.username ?? `user_${suffix}`,
    email: overrides.email ?? `user-${suffix}@example.com`,
    passwordHash: password === null ? null : await hashPassword(password),
  });
  const token = await signAccessToken(secret, { id: user.id, role: user.role }, overrides.ttlSeconds ?? 900);
  return { user, token, password, headers: { authorization: `Bearer ${token}` } };
}
