import { create } from 'zustand';
import { readStored, writeStored } from '../../lib/local-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import {
  parseThemePreference,
  resolveTheme,
  type ResolvedTheme,
  type ThemePreference,
} from './resolve-theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeState {
  preference: ThemePreference;
  systemDark: boolean;
  setPreference: (preference: ThemePreference) => void;
}

export const useThemeStore = create<ThemeState>()((set) => ({
  preference: parseThemePreference(readStored(STORAGE_KEYS.theme)),
  systemDark: window.matchMedia(DARK_QUERY).matches,
  setPreference: (preference) => {
    writeStored(STORAGE_KEYS.theme, preference);
    set({ preference });
  },
}));

export const selectResolvedTheme = (state: ThemeState): ResolvedTheme =>
  resolveTheme(state.preference, state.systemDark);

/**
 * Keeps <html> in step with the store: follows OS changes and choices made in other tabs. The first paint was
 * already themed by public/theme-init.js; this takes over from there. Returns an unsubscribe function.
 */
export function startThemeSync(): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onSystemChange = (event: MediaQueryListEvent) =>
    useThemeStore.setState({ systemDark: event.matches });
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.theme)
      useThemeStore.setState({ preference: parseThemePreference(event.newValue) });
  };
  media.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  applyTheme(selectResolvedTheme(useThemeStore.getState()));
  const unsubscribe = useThemeStore.subscribe((state) => applyTheme(selectResolvedTheme(state)));
  return () => {
    unsubscribe();
    media.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

function applyTheme(theme: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
