import { z } from 'zod';

export const AUTH_PROVIDERS = ['local', 'google', 'facebook', 'openid', 'github', 'discord'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export const USER_ROLES = ['USER', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The signed-in user as every route returns it (API.md "Auth": `user`); never a password hash. */
export const userSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** '' when the user has none. */
  username: z.string(),
  email: z.string(),
  /** Image URL, or null when the user has none. */
  avatar: z.string().nullable(),
  provider: z.enum(AUTH_PROVIDERS),
  role: z.enum(USER_ROLES),
  /** Installed plugin keys. */
  plugins: z.array(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type User = z.infer<typeof userSchema>;
