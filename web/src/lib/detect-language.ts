import { LANGUAGES, type Language } from '@parley/shared/constants';

export type LanguagePreference = 'auto' | Language;

export const DEFAULT_LANGUAGE: Language = 'en-US';
const RTL_LANGUAGES: ReadonlySet<Language> = new Set(['ar-EG', 'he-HE']);

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

export function isRtl(language: Language): boolean {
  return RTL_LANGUAGES.has(language);
}

/** The stored preference (localStorage `lang`); unknown or missing values mean 'auto'. */
export function parseLanguagePreference(stored: string | null): LanguagePreference {
  return stored !== null && isLanguage(stored) ? stored : 'auto';
}

/** The language to show: an explicit choice wins, 'auto' follows the browser's list. */
export function resolveLanguage(
  preference: LanguagePreference,
  browserLanguages: readonly string[],
): Language {
  return preference === 'auto' ? detectLanguage(browserLanguages) : preference;
}

/** The first of the browser's languages (navigator.languages, in order) that Parley has, else English. */
export function detectLanguage(browserLanguages: readonly string[]): Language {
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

function matchLanguage(tag: string): Language | undefined {
  const normalized = tag.trim().replaceAll('_', '-').toLowerCase();
  if (normalized === '') return undefined;
  const exact = LANGUAGES.find((language) => language.toLowerCase() === normalized);
  if (exact) return exact;

  const subtags = normalized.split('-');
  const primary = subtags[0];
  if (primary === 'zh') {
    const traditional = subtags.some((subtag) => ['hant', 'tw', 'hk', 'mo'].includes(subtag));
    return traditional ? 'zh-TC' : 'zh-CN';
  }
  // 'iw' is the withdrawn code for Hebrew that some browsers still send.
  const base = primary === 'iw' ? 'he' : primary;
  return LANGUAGES.find((language) => language.split('-')[0]?.toLowerCase() === base);
}
