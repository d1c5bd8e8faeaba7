import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@parley/shared/constants';
import enUS from './en-US.json';

const locales = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });
const englishKeys = Object.keys(enUS).sort();
const englishTexts = new Set(Object.values(enUS));
const PLACEHOLDER = /\{\{\s*\w+\s*\}\}/g;
const placeholders = (text: string) => (text.match(PLACEHOLDER) ?? []).sort();

/** Texts every language keeps as they are: parameter, format, protocol and product names. */
const SAME_EVERYWHERE = new Set([
  'Top K',
  'Top P',
  'Markdown (.md)',
  'JSON (.json)',
  'CSV (.csv)',
  // Action authentication: the protocol and the Authorization header's scheme names.
  'OAuth',
  'Basic',
  'Bearer',
  // Bing's modes and Microsoft's product.
  'BingAI',
  'Sydney',
  'Bing Image Creator',
]);

/**
 * Texts a language writes exactly as English does. Keep each list short: a word goes here only when the
 * language's own software uses it unchanged (and this locale uses it elsewhere), never to skip a translation.
 */
const SAME_IN: Record<string, readonly string[]> = {
  // German spells these the same; "Agent" and "Screenshot" are the usual German terms.
  'de-DE': ['System', 'Screenshot (.png)', 'Text (.txt)', 'Name', 'Agent', 'Schema', 'Code', 'Avatar'],
  // Spanish: "General", the loanwords "Endpoint" and "tokens" as the rest of es-ES uses them.
  'es-ES': ['General', 'Endpoint', 'Avatar', '{{tokens}} tokens'],
  // French spells all of these the same.
  'fr-FR': [
    'Conversation',
    '30 minutes',
    'Assistant',
    'Assistants',
    'Agent',
    'Message',
    'Messages',
    'Notifications',
    'Versions',
    'Type',
    'Options',
    'Date',
    'Sources',
    'Description',
    'Instructions',
    'Actions',
    'Code',
    'code',
    'Avatar',
    'Auto',
    'Mode',
  ],
  'id-ID': ['Model', 'Model: {{model}}', 'Endpoint', 'Endpoint: {{endpoint}}', 'Mode', 'Avatar'],
  // Italian software keeps these English loanwords.
  'it-IT': [
    'Password',
    'Account',
    'Endpoint',
    'Endpoint: {{endpoint}}',
    'Screenshot (.png)',
    'Input',
    'Output',
    'Input {{number}}',
    'Output {{number}}',
    'Schema',
    'Avatar',
  ],
  // Dutch spells these the same; nl-NL uses "Tools" and "tokens" as Dutch software does.
  'nl-NL': [
    'Model',
    'Model: {{model}}',
    'Account',
    'Parameters',
    'Type',
    'Context',
    'Tools',
    '{{count}} tools',
    '{{tokens}} tokens',
    'Agent',
    'Schema',
    'Code',
    'code',
    'Avatar',
  ],
  'pl-PL': ['Model', 'Model: {{model}}', 'Agent'],
  'pt-BR': ['Endpoint', 'Endpoints', 'Endpoint: {{endpoint}}', 'Avatar', '{{tokens}} tokens'],
  'sv-SE': ['System', 'Text (.txt)', 'Agent', 'Schema', 'Avatar', '{{tokens}} tokens'],
  'tr-TR': ['Model', 'Model: {{model}}', 'Avatar'],
};

/** True when a text has no word to translate once its placeholders are gone ("{{size}} MB", "< 0.01 MB"). */
const nothingToTranslate = (text: string) => !/\p{L}{3,}/u.test(text.replace(PLACEHOLDER, ''));

/** The keys of a locale that still carry English where a translation is expected. */
function untranslated(locale: string, strings: Record<string, string>): string[] {
  const same = new Set(SAME_IN[locale] ?? []);
  return Object.entries(enUS)
    .filter(([key, english]) => strings[key] === english)
    .filter(
      ([, english]) => !SAME_EVERYWHERE.has(english) && !same.has(english) && !nothingToTranslate(english),
    )
    .map(([key, english]) => `${key}: ${english}`);
}

describe('locale files', () => {
  it('exist for exactly the languages of SPEC §2', () => {
    expect(
      Object.keys(locales)
        .map((file) => file.slice(2, -5))
        .sort(),
    ).toEqual([...LANGUAGES].sort());
  });

  it('allow English text only for texts English has', () => {
    const lists = [...SAME_EVERYWHERE, ...Object.values(SAME_IN).flat()];
    expect(lists.filter((text) => !englishTexts.has(text))).toEqual([]);
  });

  for (const [file, strings] of Object.entries(locales)) {
    const locale = file.slice(2, -5);
    it(`${file} has every English key, no others, none empty, same placeholders`, () => {
      expect(Object.keys(strings).sort()).toEqual(englishKeys);
      for (const [key, english] of Object.entries(enUS)) {
        const text = strings[key] ?? '';
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english));
      }
    });

    if (locale !== 'en-US') {
      it(`${file} translates every text (no English left but the allowed names)`, () => {
        expect(untranslated(locale, strings)).toEqual([]);
      });
    }
  }
});
