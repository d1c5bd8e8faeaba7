import type enUS from '../locales/en-US.json';

// English is the source locale: every `t()` key is checked against it at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
  }
}
