import { describe, expect, it } from 'vitest';
import { parseStoredBoolean, PREFERENCE_DEFAULTS, readPreferences } from './preferences';

describe('readPreferences', () => {
  it('uses the SPEC §9 defaults when nothing is stored', () => {
    expect(readPreferences(() => null)).toEqual(PREFERENCE_DEFAULTS);
    expect(PREFERENCE_DEFAULTS.enterToSend).toBe(true);
    expect(PREFERENCE_DEFAULTS.latexParsing).toBe(true);
    expect(PREFERENCE_DEFAULTS.autoScroll).toBe(false);
  });

  it('reads each toggle from its SPEC §3 key', () => {
    const stored: Record<string, string> = {
      enterToSend: 'false',
      LaTeXParsing: 'false',
      UsernameDisplay: 'true',
    };
    const preferences = readPreferences((key) => stored[key] ?? null);
    expect(preferences.enterToSend).toBe(false);
    expect(preferences.latexParsing).toBe(false);
    expect(preferences.usernameDisplay).toBe(true);
  });
});

describe('parseStoredBoolean', () => {
  it('falls back on anything that is not a JSON boolean', () => {
    expect(parseStoredBoolean('"true"', false)).toBe(false);
    expect(parseStoredBoolean('1', true)).toBe(true);
  });
});
