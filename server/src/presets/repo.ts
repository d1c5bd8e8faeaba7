import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { presets, type JsonObject, type PresetRow } from '../db/schema';

export type PresetRecord = PresetRow;

/** First key of the two-key advisory lock that serialises one user's preset writes (the second is the user). */
const PRESET_LOCK_NAMESPACE = 0x70_72_65_73;

/** Default first, then `order` (unset last), then the most recently saved. */
export async function selectPresets(db: Db, userId: string): Promise<PresetRecord[]> {
  return db
    .select()
    .from(presets)
    .where(eq(presets.userId, userId))
    .orderBy(
      desc(presets.defaultPreset),
      sql`${presets.order} asc nulls last`,
      desc(presets.updatedAt),
      asc(presets.presetId),
    );
}

export interface PresetValues {
  title?: string;
  endpoint?: string | null;
  endpointType?: string | null;
  model: string | null;
  defaultPreset?: boolean;
  order?: number | null;
  options: JsonObject;
}

/** Keys left undefined keep their stored value (on insert: the column default). */
const defined = (values: PresetValues): Partial<PresetValues> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));

/**
 * Creates (`presetId` null) or replaces the user's preset, in one transaction that first clears the user's
 * other default when this one becomes the default (at most one default per user: a partial unique index).
 * Writes of one user are serialised by an advisory lock, so two presets made default at once cannot
 * collide. Returns null, having changed nothing, when `presetId` is not one of the user's presets.
 */
export async function writePreset(
  db: Db,
  userId: string,
  presetId: string | null,
  values: PresetValues,
): Promise<PresetRecord | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PRESET_LOCK_NAMESPACE}, hashtext(${userId}))`);
    if (presetId !== null) {
      const [existing] = await tx
        .select({ presetId: presets.presetId })
        .from(presets)
        .where(and(eq(presets.userId, userId), eq(presets.presetId, presetId)));
      if (!existing) return null;
    }
    if (values.defaultPreset) {
      await tx
        .update(presets)
        .set({ defaultPreset: false })
        .where(
          and(
            eq(presets.userId, userId),
            eq(presets.defaultPreset, true),
            presetId === null ? undefined : ne(presets.presetId, presetId),
          ),
        );
    }
    if (presetId === null) {
      const [row] = await tx
        .insert(presets)
        .values({ ...defined(values), userId })
        .returning();
      return row ?? null;
    }
    const [row] = await tx
      .update(presets)
      .set({ ...defined(values), updatedAt: sql`clock_timestamp()` })
      .where(and(eq(presets.userId, userId), eq(presets.presetId, presetId)))
      .returning();
    return row ?? null;
  });
}

/** Deletes one of the user's presets, or all of them when no id is given; returns how many went. */
export async function deletePresets(db: Db, userId: string, presetId?: string): Promise<number> {
  const where = presetId
    ? and(eq(presets.userId, userId), eq(presets.presetId, presetId))
    : eq(presets.userId, userId);
  const rows = await db.delete(presets).where(where).returning({ presetId: presets.presetId });
  return rows.length;
}
