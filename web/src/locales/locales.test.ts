import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@parley/shared/constants';
import enUS from './en-US.json';

const locales = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });
const englishKeys = Object.keys(enUS).sort();
const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

describe('locale files', () => {
  it('exist for exactly the languages of SPEC §2', () => {
    expect(
      Object.keys(locales)
        .map((file) => file.slice(2, -5))
        .sort(),
    ).toEqual([...LANGUAGES].sort());
  });

  for (const [file, strings] of Object.entries(locales)) {
    it(`${file} has every English key, no others, none empty, same placeholders`, () => {
      expect(Object.keys(strings).sort()).toEqual(englishKeys);
      for (const [key, english] of Object.entries(enUS)) {
        const text = strings[key] ?? '';
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english));
      }
    });
  }
});
