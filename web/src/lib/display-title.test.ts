import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enUS from '../locales/en-US.json';
import frFR from '../locales/fr-FR.json';
import { displayTitle } from './display-title';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'fr-FR',
  fallbackLng: 'en-US',
  resources: { 'en-US': { translation: enUS }, 'fr-FR': { translation: frFR } },
});

describe('displayTitle', () => {
  it('shows the stored default title in the user language', async () => {
    await i18n.changeLanguage('fr-FR');
    expect(displayTitle('New Chat', i18n.t)).toBe('Nouvelle discussion');
    expect(displayTitle('', i18n.t)).toBe('Nouvelle discussion');
    await i18n.changeLanguage('en-US');
    expect(displayTitle('New Chat', i18n.t)).toBe('New Chat');
  });

  it('keeps any other title as stored', () => {
    expect(displayTitle('Voyage à Lyon', i18n.t)).toBe('Voyage à Lyon');
  });
});
