import type enUS from '../locales/en-US.json';

/** A translation key; English is the source locale, so its file lists them all. */
export type LocaleKey = keyof typeof enUS;
