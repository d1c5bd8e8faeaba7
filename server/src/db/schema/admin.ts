import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, type JsonObject } from './columns';
import { users } from './users';

/** A named set of users (group budgets, the admin console); names are unique case-insensitively. */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps(),
  },
  (table) => [uniqueIndex('groups_name_lower_unique').on(sql`lower(${table.name})`)],
);

/** Who belongs to which group; a membership goes with its group or its user. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'group_members_pk', columns: [table.groupId, table.userId] }),
    index('group_members_user_id_idx').on(table.userId),
  ],
);

/**
 * Every administrator's change (console and operator CLI), append-only. Ids are kept without foreign keys
 * and with labels (email, group name) so an entry outlives the accounts and groups it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for the operator CLI. */
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetId: uuid('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<JsonObject>().notNull().default({}),
  },
  (table) => [index('audit_log_at_id_idx').on(table.at, table.id)],
);

export type GroupRow = typeof groups.$inferSelect;
export type GroupMemberRow = typeof groupMembers.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;
