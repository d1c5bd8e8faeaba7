import { create } from 'zustand';
import { readStored, writeStored } from './local-storage';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The toggles of the settings dialog (SPEC §2), each stored in localStorage under its SPEC §3 key as a JSON
 * boolean. Defaults (SPEC §9): enter-to-send and LaTeX parsing on, the others off.
 */
export const PREFERENCE_DEFAULTS = {
  autoScroll: false,
  showCode: false,
  hideSidePanel: false,
  modularChat: false,
  latexParsing: true,
  usernameDisplay: false,
  enterToSend: true,
} as const;

export type PreferenceName = keyof typeof PREFERENCE_DEFAULTS;
export type Preferences = Record<PreferenceName, boolean>;

const PREFERENCE_NAMES = Object.keys(PREFERENCE_DEFAULTS) as PreferenceName[];

/** A stored value: `true`/`false` as JSON; anything else (missing, garbage) is the default. */
export function parseStoredBoolean(stored: string | null, fallback: boolean): boolean {
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return fallback;
}

export function readPreferences(read: (key: string) => string | null = readStored): Preferences {
  const preferences = { ...PREFERENCE_DEFAULTS } as Preferences;
  for (const name of PREFERENCE_NAMES) {
    preferences[name] = parseStoredBoolean(read(STORAGE_KEYS[name]), PREFERENCE_DEFAULTS[name]);
  }
  return preferences;
}

interface PreferencesState extends Preferences {
  setPreference: (name: PreferenceName, value: boolean) => void;
}

export const usePreferences = create<PreferencesState>()((set) => ({
  ...readPreferences(),
  setPreference: (name, value) => {
    writeStored(STORAGE_KEYS[name], JSON.stringify(value));
    set({ [name]: value } as Pick<Preferences, PreferenceName>);
  },
}));
