import type { User } from '@parley/shared/schemas/user';
import type { UserRow } from '../db/schema';

/**
 * The API's `user` (API.md "Auth"): never the password hash or provider ids. `avatarOf` rewrites the stored
 * avatar (an uploaded picture's link is signed afresh, see files/signed-link.ts).
 */
export function presentUser(row: UserRow, avatarOf?: (row: UserRow) => string | null): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    avatar: avatarOf ? avatarOf(row) : row.avatar,
    provider: row.provider,
    role: row.role,
    plugins: row.plugins,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
