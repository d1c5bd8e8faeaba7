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

/** What a conversation is set up with, as far as presets go: its endpoint and options. */
export type PresetTarget = EndpointOptions & { endpoint: string };

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether the conversation runs as the preset made it (issue 16 item 8): same endpoint (when the preset
 * names one) and every option the preset sets still at the preset's value. A preset that sets nothing
 * matches nothing; changing any of its options in the header makes it inactive.
 */
export function presetMatches(preset: Preset, setup: PresetTarget): boolean {
  if (preset.endpoint && preset.endpoint !== setup.endpoint) return false;
  const options = Object.entries(presetOptions(preset)).filter(
    ([, value]) => value !== null && value !== undefined && value !== '',
  );
  if (options.length === 0) return false;
  const current = setup as Record<string, unknown>;
  return options.every(([key, value]) => sameValue(value, current[key]));
}

/** The preset the header names as active: the first that matches (the default first among equals). */
export function activePreset(presets: readonly Preset[], setup: PresetTarget | null): Preset | null {
  if (!setup) return null;
  const matching = presets.filter((preset) => presetMatches(preset, setup));
  return matching.find((preset) => preset.defaultPreset) ?? matching[0] ?? null;
}
