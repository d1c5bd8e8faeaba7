import type { Language } from '@parley/shared/constants';

/** Each language in its own name, as language pickers conventionally show them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-US': 'English',
  'zh-CN': '简体中文',
  'zh-TC': '繁體中文',
  'ar-EG': 'العربية',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
  'fr-FR': 'Français',
  'it-IT': 'Italiano',
  'pl-PL': 'Polski',
  'pt-BR': 'Português (Brasil)',
  'ru-RU': 'Русский',
  'ja-JP': '日本語',
  'sv-SE': 'Svenska',
  'ko-KR': '한국어',
  'vi-VN': 'Tiếng Việt',
  'tr-TR': 'Türkçe',
  'nl-NL': 'Nederlands',
  'id-ID': 'Bahasa Indonesia',
  'he-HE': 'עברית',
};
