// The manifest tools (reference §14.1), in the store's order. One line per tool.
import { calculator } from './calculator';
import type { ManifestEntry } from './manifest-entry';

export const MANIFEST: readonly ManifestEntry[] = [calculator];
