import type { User } from '@parley/shared/schemas/user';
import type { UserRow } from '../db/schema';

/** The API's `user` (API.md "Auth"): never the password hash or provider ids. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    provider: row.provider,
    role: row.role,
    plugins: row.plugins,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
