import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AUTH_PROVIDERS, USER_ROLES } from '@parley/shared/schemas/user';
import { sqlLiteralList, timestamps } from './columns';

// One definition with the API's user schema; re-exported for the repositories.
export { AUTH_PROVIDERS, USER_ROLES, type AuthProvider, type UserRole } from '@parley/shared/schemas/user';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    username: text('username').notNull().default(''),
    /** Lower-cased by the app before it gets here; the CHECK refuses anything else. */
    email: text('email').notNull().unique('users_email_unique'),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    provider: text('provider', { enum: AUTH_PROVIDERS }).notNull().default('local'),
    googleId: text('google_id').unique('users_google_id_unique'),
    facebookId: text('facebook_id').unique('users_facebook_id_unique'),
    openidId: text('openid_id').unique('users_openid_id_unique'),
    githubId: text('github_id').unique('users_github_id_unique'),
    discordId: text('discord_id').unique('users_discord_id_unique'),
    role: text('role', { enum: USER_ROLES }).notNull().default('USER'),
    /** Installed plugin keys. */
    plugins: text('plugins')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set by an administrator: the account may neither sign in nor use its tokens. */
    disabled: boolean('disabled').notNull().default(false),
    /** The last successful sign-in (any method); null before the first. */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
    check('users_provider_check', sql`${table.provider} in (${sqlLiteralList(AUTH_PROVIDERS)})`),
    check('users_role_check', sql`${table.role} in (${sqlLiteralList(USER_ROLES)})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
