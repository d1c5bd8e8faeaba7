import { z } from 'zod';
import { endpointOptionsSchema } from './endpoint-options';

/** Title of a preset saved without an endpoint and without a title (SPEC §5 "Other"). */
export const NEW_PRESET_TITLE = 'New Preset';
export const PRESET_TITLE_MAX_LENGTH = 256;

/** A saved preset as the API returns it (SPEC §3 Preset): conversation option fields plus its own. */
export const presetSchema = endpointOptionsSchema.extend({
  presetId: z.string(),
  title: z.string(),
  /** Owner id. */
  user: z.string(),
  /** null for a preset saved without an endpoint (SPEC: it is titled 'New Preset'). */
  endpoint: z.string().nullable(),
  endpointType: z.string().nullish(),
  defaultPreset: z.boolean(),
  order: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Preset = z.infer<typeof presetSchema>;

/** `GET /api/presets`: default first, then `order` (unset last), then newest. */
export const presetListSchema = z.array(presetSchema);

/**
 * `POST /api/presets`. Without `presetId` (or with `null`, as an imported preset file has) a preset is
 * created with a server id; with one, that preset of the caller is replaced (404 when it is not theirs).
 * Unknown fields (the client may send a whole saved preset: `user`, `createdAt` …) are ignored.
 */
export const presetSaveBodySchema = endpointOptionsSchema.extend({
  presetId: z.string().max(64).nullish(),
  title: z.string().trim().max(PRESET_TITLE_MAX_LENGTH).nullish(),
  defaultPreset: z.boolean().nullish(),
  order: z.number().int().min(-1_000_000).max(1_000_000).nullish(),
  endpoint: z.string().trim().max(256).nullish(),
  endpointType: z.string().max(256).nullish(),
});
export type PresetSaveBody = z.infer<typeof presetSaveBodySchema>;

/**
 * `POST /api/presets/delete`: one preset, or **all** of the caller's when `presetId` is absent. `null` is
 * refused rather than read as "all", so deleting an unsaved preset object can never clear the list.
 */
export const presetDeleteBodySchema = z.object({ presetId: z.string().min(1).max(64).optional() });
export const presetDeleteResponseSchema = z.object({ deletedCount: z.number().int() });
