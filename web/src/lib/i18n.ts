import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@parley/shared/constants';
import enUS from '../locales/en-US.json';
import {
  DEFAULT_LANGUAGE,
  isRtl,
  parseLanguagePreference,
  resolveLanguage,
  type LanguagePreference,
} from './detect-language';
import { readStored, writeStored } from './local-storage';
import { STORAGE_KEYS } from './storage-keys';

type Translation = Record<string, string>;

// English ships in the main bundle; every other locale is its own chunk, fetched when chosen.
const localeLoaders = import.meta.glob<Translation>(['../locales/*.json', '!../locales/en-US.json'], {
  import: 'default',
});

export { i18n };

/** Initialises i18next with the stored (or detected) language; resolves once its strings are loaded. */
export async function initI18n(): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: { [DEFAULT_LANGUAGE]: { translation: enUS } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    load: 'currentOnly',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  i18n.on('languageChanged', applyDocumentLanguage);
  applyDocumentLanguage(DEFAULT_LANGUAGE);
  window.addEventListener('languagechange', () => {
    if (getLanguagePreference() === 'auto') void activateLanguage(currentLanguage());
  });
  await activateLanguage(currentLanguage());
}

export function getLanguagePreference(): LanguagePreference {
  return parseLanguagePreference(readStored(STORAGE_KEYS.lang));
}

/** Saves the preference (localStorage `lang`) and switches to it. */
export async function setLanguagePreference(preference: LanguagePreference): Promise<void> {
  writeStored(STORAGE_KEYS.lang, preference);
  await activateLanguage(currentLanguage());
}

function currentLanguage(): Language {
  const browserLanguages = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return resolveLanguage(getLanguagePreference(), browserLanguages);
}

async function activateLanguage(language: Language): Promise<void> {
  try {
    if (!i18n.hasResourceBundle(language, 'translation')) {
      const load = localeLoaders[`../locales/${language}.json`];
      if (!load) throw new Error(`No locale file for ${language}`);
      i18n.addResourceBundle(language, 'translation', await load());
    }
    await i18n.changeLanguage(language);
  } catch (error) {
    // A locale chunk that fails to load (offline, stale deploy) leaves the page in English rather than broken.
    console.error(`Could not load the ${language} locale`, error);
  }
}

function applyDocumentLanguage(lng: string): void {
  const language = LANGUAGES.find((code) => code === lng) ?? DEFAULT_LANGUAGE;
  const root = document.documentElement;
  root.lang = language;
  root.dir = isRtl(language) ? 'rtl' : 'ltr';
}
