import { z } from 'zod';
import { endpointOptionsSchema, type EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import {
  NEW_PRESET_TITLE,
  presetSaveBodySchema,
  type Preset,
  type PresetSaveBody,
} from '@parley/shared/schemas/preset';

/** The conversation options a preset carries, without its own fields (id, title, owner, order, dates). */
export function presetOptions(preset: Partial<Preset>): EndpointOptions {
  const parsed = endpointOptionsSchema.partial().safeParse(preset);
  if (!parsed.success) return {};
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed.data)) if (value !== undefined) options[key] = value;
  return options as EndpointOptions;
}

/** SPEC §5: a preset without an endpoint and without a title is called 'New Preset'. */
export function presetTitle(preset: Pick<Preset, 'title'>): string {
  return preset.title.trim() || NEW_PRESET_TITLE;
}

/** What the Export button writes: the preset without owner and dates (re-importable as a new preset). */
export function presetExportJson(preset: Preset): string {
  const { user: _user, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = preset;
  return `${JSON.stringify({ ...rest, presetId: null }, null, 2)}\n`;
}

const importedPresetSchema = presetSaveBodySchema.extend({ title: z.string().trim().max(256).nullish() });

/**
 * A preset file to import (JSON): anything that reads as a preset becomes a new one (`presetId: null`) and
 * never the default; unknown fields are dropped. Null when the file is not a preset.
 */
export function parsePresetFile(text: string): PresetSaveBody | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const parsed = importedPresetSchema.safeParse(json);
  if (!parsed.success) return null;
  return { ...parsed.data, presetId: null, defaultPreset: false };
}
