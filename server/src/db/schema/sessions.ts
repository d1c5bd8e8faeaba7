import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

/**
 * One login (one refresh-token family). `refresh_token_hash` is the hash of the token currently valid;
 * each rotation moves the old hash to `session_rotated_tokens`, so a replayed old token is recognised and
 * its session revoked.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull().unique('sessions_refresh_token_hash_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** `updated_at` is the time of the last rotation. */
    ...timestamps(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** Hashes of refresh tokens that were already rotated away; presenting one again means reuse. */
export const sessionRotatedTokens = pgTable(
  'session_rotated_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('session_rotated_tokens_session_id_idx').on(table.sessionId)],
);

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;
export type SessionRotatedTokenRow = typeof sessionRotatedTokens.$inferSelect;
export type NewSessionRotatedTokenRow = typeof sessionRotatedTokens.$inferInsert;
