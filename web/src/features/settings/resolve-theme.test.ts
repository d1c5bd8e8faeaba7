import { describe, expect, it } from 'vitest';
import themeInitSource from '../../../public/theme-init.js?raw';
import { parseThemePreference, resolveTheme, THEME_PREFERENCES, type ThemePreference } from './resolve-theme';

describe('resolveTheme', () => {
  it('follows the system preference when set to system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('keeps an explicit choice whatever the system says', () => {
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });
});

describe('parseThemePreference', () => {
  it('reads the stored values and treats anything else as system', () => {
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('light')).toBe('light');
    expect(parseThemePreference('system')).toBe('system');
    expect(parseThemePreference(null)).toBe('system');
    expect(parseThemePreference('"dark"')).toBe('system');
  });
});

/** Runs public/theme-init.js against stand-ins for the few browser objects it touches. */
function runThemeInit(stored: string | null, systemDark: boolean) {
  const classes = new Set<string>();
  const root = {
    classList: { add: (name: string) => classes.add(name), remove: (name: string) => classes.delete(name) },
    style: { colorScheme: '' },
  };
  const window = {
    localStorage: { getItem: (key: string) => (key === 'color-theme' ? stored : null) },
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark }),
  };
  new Function('window', 'document', themeInitSource)(window, { documentElement: root });
  return { dark: classes.has('dark'), colorScheme: root.style.colorScheme };
}

describe('public/theme-init.js (pre-paint script)', () => {
  const stored: (ThemePreference | null | 'garbage')[] = [...THEME_PREFERENCES, null, 'garbage'];
  for (const value of stored) {
    for (const systemDark of [true, false]) {
      it(`agrees with resolveTheme for stored=${String(value)}, systemDark=${systemDark}`, () => {
        const expected = resolveTheme(parseThemePreference(value), systemDark);
        expect(runThemeInit(value, systemDark)).toEqual({ dark: expected === 'dark', colorScheme: expected });
      });
    }
  }

  it('falls back to the system preference when storage throws', () => {
    const root = { classList: { add: () => {}, remove: () => {} }, style: { colorScheme: '' } };
    const window = {
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
      },
      matchMedia: () => ({ matches: true }),
    };
    new Function('window', 'document', themeInitSource)(window, { documentElement: root });
    expect(root.style.colorScheme).toBe('dark');
  });
});
