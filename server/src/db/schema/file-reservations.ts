import { bigint, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Room in a user's storage taken by a file on its way in (reserved before its bytes are stored, dropped
 * when its `files` row is written or the upload fails). A user's usage is their files plus these, so
 * uploads running at once cannot together pass the limit (see docs/decisions.md "Storage quota"). Rows a
 * crashed process left behind stop counting after an hour and are deleted at the user's next reservation.
 */
export const fileReservations = pgTable(
  'file_reservations',
  {
    reservationId: uuid('reservation_id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('file_reservations_user_id_idx').on(table.userId)],
);

export type FileReservationRow = typeof fileReservations.$inferSelect;
