import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, type JsonObject } from './columns';
import { users } from './users';

/**
 * At most one default preset per user (partial unique index): clear the old default before setting a new
 * one, in the same transaction.
 */
export const presets = pgTable(
  'presets',
  {
    presetId: uuid('preset_id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default('New Chat'),
    endpoint: text('endpoint'),
    endpointType: text('endpoint_type'),
    model: text('model'),
    defaultPreset: boolean('default_preset').notNull().default(false),
    order: integer('order'),
    /** The conversation option fields the preset carries (same keys as `conversations.options`). */
    options: jsonb('options')
      .$type<JsonObject>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...timestamps(),
  },
  (table) => [
    index('presets_user_id_idx').on(table.userId),
    uniqueIndex('presets_one_default_per_user_idx')
      .on(table.userId)
      .where(sql`${table.defaultPreset}`),
  ],
);

export type PresetRow = typeof presets.$inferSelect;
export type NewPresetRow = typeof presets.$inferInsert;
