import { z } from 'zod';
import { readStored, writeStored } from '../../../lib/local-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

/** Adds or removes one tool, keeping the order they were picked in. */
export function toggleTool(selected: readonly string[], pluginKey: string): string[] {
  return selected.includes(pluginKey)
    ? selected.filter((key) => key !== pluginKey)
    : [...selected, pluginKey];
}

/** The selected tools the user still has installed. */
export function installedOnly(selected: readonly string[], installed: readonly string[]): string[] {
  return selected.filter((key) => installed.includes(key));
}

/** SPEC §3: the last tools picked, for the next new plugins conversation (localStorage `lastSelectedTools`). */
export function parseLastTools(text: string | null): string[] {
  try {
    const parsed = z.array(z.string()).safeParse(JSON.parse(text ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function readLastTools(): string[] {
  return parseLastTools(readStored(STORAGE_KEYS.lastSelectedTools));
}

export function writeLastTools(tools: readonly string[]): void {
  writeStored(STORAGE_KEYS.lastSelectedTools, JSON.stringify(tools));
}
