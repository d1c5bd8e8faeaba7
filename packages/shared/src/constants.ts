/** Parent id of a conversation's first message. */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';
export const APP_VERSION = 'v0.7.1';
export const CONFIG_VERSION = '1.0.8';
export const DEFAULT_APP_TITLE = 'Parley';
export const DEFAULT_TITLE = 'New Chat';

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'openid', 'github', 'discord'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The UI languages of SPEC §2 (plus 'auto' for detection). */
export const LANGUAGES = [
  'en-US',
  'zh-CN',
  'zh-TC',
  'ar-EG',
  'de-DE',
  'es-ES',
  'fr-FR',
  'it-IT',
  'pl-PL',
  'pt-BR',
  'ru-RU',
  'ja-JP',
  'sv-SE',
  'ko-KR',
  'vi-VN',
  'tr-TR',
  'nl-NL',
  'id-ID',
  'he-HE',
] as const;
export type Language = (typeof LANGUAGES)[number];
