import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enUS from '../../../locales/en-US.json';
import frFR from '../../../locales/fr-FR.json';
import { describeError, offersRetry, offersSetKey } from './error-text';
import { errorWords } from './error-words';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en-US',
  fallbackLng: 'en-US',
  interpolation: { escapeValue: false },
  resources: { 'en-US': { translation: enUS }, 'fr-FR': { translation: frFR } },
});
const words = (text: string, userProvidesKey: boolean) =>
  errorWords(describeError(text), { endpoint: 'OpenAI', userProvidesKey }, i18n.t);

describe('errorWords', () => {
  it("an administrator's key that fails asks for the administrator, never for a key the user cannot set", () => {
    const admin = words('{"type":"invalid_api_key","message":"401"}', false);
    expect(admin.body).toContain('OpenAI');
    expect(admin.body).toMatch(/administrator/);
    expect(admin.body).not.toMatch(/Set API key/);
    expect(offersSetKey(describeError('{"type":"invalid_api_key"}'), false)).toBe(false);

    const own = words('{"type":"invalid_api_key"}', true);
    expect(own.body).toMatch(/your API key/);
    expect(offersSetKey(describeError('{"type":"invalid_api_key"}'), true)).toBe(true);
    expect(words('{"type":"insufficient_quota"}', false).body).toMatch(/administrator/);
  });

  it('a provider failure names the endpoint, says to retry, and keeps the raw reason as detail', () => {
    const result = words('{"type":"upstream","message":"Could not reach the provider: fetch failed"}', false);
    expect(result.body).toBe(
      'OpenAI did not answer this time. Please retry in a moment; if it keeps failing, contact your administrator.',
    );
    expect(result.details).toBe('Could not reach the provider: fetch failed');
    expect(offersRetry(describeError('{"type":"upstream"}'))).toBe(true);
    expect(offersRetry(describeError('{"type":"moderation"}'))).toBe(false);
  });

  it("keeps SPEC's own texts", () => {
    expect(words('{"type":"no_user_key"}', true).body).toBe(
      'No key found. Please provide a key and try again.',
    );
    expect(words('{"type":"expired_user_key","endpoint":"OpenAI","expiredAt":"2026-01-01"}', true).body).toBe(
      'Provided key for OpenAI expired at 2026-01-01. Please provide a key and try again.',
    );
    const funds = words('{"type":"token_balance","balance":1,"promptTokens":9,"tokenCost":22.5}', false);
    expect(funds.body).toMatch(/^Insufficient Funds/);
    expect(funds.details).toBe('Balance: 1\nPrompt tokens: 9\nCost: 22.5');
    expect(funds.hint).toBe('Ask your administrator to add credits, then retry.');
    expect(words('plain failure', false)).toEqual({
      body: "Something went wrong. Here's the specific error message we encountered:",
      details: 'plain failure',
    });
  });

  it('speaks French too', async () => {
    await i18n.changeLanguage('fr-FR');
    expect(words('{"type":"context_length"}', false).body).toMatch(/trop longue pour le modèle de OpenAI/);
    await i18n.changeLanguage('en-US');
  });
});

describe('an endpoint the server does not know (issue 27, SPEC §8)', () => {
  it('names it in the reader’s language, offers no retry, and hides the raw English', () => {
    const body = JSON.stringify({
      message: 'Unknown endpoint: Mistral',
      code: 'unknown_endpoint',
      endpoint: 'Mistral',
    });
    expect(describeError(body)).toEqual({ kind: 'unknown_endpoint', endpoint: 'Mistral' });
    expect(words(body, false)).toEqual({
      body: 'Unknown endpoint: Mistral. Please choose another endpoint.',
      details: null,
    });
    expect(offersRetry(describeError(body))).toBe(false);
    const french = errorWords(
      describeError(body),
      { endpoint: 'OpenAI', userProvidesKey: false },
      i18n.getFixedT('fr-FR'),
    );
    expect(french.body).toBe('Point d’accès inconnu : Mistral. Veuillez choisir un autre point d’accès.');
  });
});
