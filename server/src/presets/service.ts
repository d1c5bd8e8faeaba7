import { DEFAULT_TITLE } from '@parley/shared/constants';
import { NEW_PRESET_TITLE, type Preset, type PresetSaveBody } from '@parley/shared/schemas/preset';
import { isUuidLike } from '../conversations/service';
import type { Db } from '../db/client';
import type { JsonObject } from '../db/schema';
import { notFound } from '../lib/errors';
import { presentPreset } from './present-preset';
import { deletePresets as deletePresetRows, selectPresets, writePreset, type PresetValues } from './repo';

export type { Db } from '../db/client';

const PRESET_NOT_FOUND = 'Preset not found';

/** The caller's presets: default first, then `order` (unset last), then newest. */
export async function listPresets(db: Db, userId: string): Promise<Preset[]> {
  return (await selectPresets(db, userId)).map(presentPreset);
}

/** Endpoint option fields as stored in the `options` column (`model` has its own column). */
function toStoredOptions(options: Record<string, unknown>): JsonObject {
  const stored: JsonObject = {};
  for (const [key, value] of Object.entries(options)) {
    if (key !== 'model' && value !== undefined && value !== null) stored[key] = value;
  }
  return stored;
}

/**
 * The title a preset is saved under: the given one; else, on create, 'New Preset' for a preset without an
 * endpoint (SPEC §5: such a preset is titled 'New Preset') and 'New Chat' otherwise; on update, unchanged.
 */
function titleFor(body: PresetSaveBody, creating: boolean): string | undefined {
  if (body.title) return body.title;
  if (!creating) return undefined;
  return body.endpoint ? DEFAULT_TITLE : NEW_PRESET_TITLE;
}

/**
 * `POST /api/presets`. Without `presetId` a preset is created under a new server id; with one, the caller's
 * preset is replaced: its parameters (every endpoint option, `model` included) become exactly those sent,
 * while `title`, `endpoint`, `endpointType`, `defaultPreset` and `order` change only when sent. Making it
 * the default clears the caller's previous default in the same transaction. Another user's (or an unknown)
 * `presetId` is a 404 and nothing changes. A preset may have no endpoint: it is kept, titled 'New Preset'.
 */
export async function savePreset(db: Db, userId: string, body: PresetSaveBody): Promise<Preset> {
  const { presetId, title: _title, defaultPreset, order, endpoint, endpointType, ...options } = body;
  const creating = presetId === undefined || presetId === null;
  if (!creating && !isUuidLike(presetId)) throw notFound(PRESET_NOT_FOUND);
  const values: PresetValues = {
    title: titleFor(body, creating),
    endpoint: endpoint === '' ? null : endpoint,
    endpointType,
    model: options.model ?? null,
    defaultPreset: defaultPreset ?? undefined,
    order,
    options: toStoredOptions(options),
  };
  const row = await writePreset(db, userId, creating ? null : presetId, values);
  if (!row) throw notFound(PRESET_NOT_FOUND);
  return presentPreset(row);
}

/**
 * `POST /api/presets/delete`: the caller's preset with that id (404 when it is not theirs), or every preset
 * of the caller when no id is given.
 */
export async function deletePresets(
  db: Db,
  userId: string,
  presetId: string | undefined,
): Promise<{ deletedCount: number }> {
  if (presetId !== undefined && !isUuidLike(presetId)) throw notFound(PRESET_NOT_FOUND);
  const deletedCount = await deletePresetRows(db, userId, presetId);
  if (presetId !== undefined && deletedCount === 0) throw notFound(PRESET_NOT_FOUND);
  return { deletedCount };
}
