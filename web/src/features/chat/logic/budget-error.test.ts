import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enUS from '../../../locales/en-US.json';
import { formatAmount, formatCredits } from '../../../lib/format';
import { describeError, offersRetry } from './error-text';
import { errorWords } from './error-words';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en-US',
  fallbackLng: 'en-US',
  interpolation: { escapeValue: false },
  resources: { 'en-US': { translation: enUS } },
});

describe('a chat refused for a budget (402 budget_exceeded)', () => {
  const body = JSON.stringify({
    message: 'You have reached your usage limit for this month.',
    code: 'budget_exceeded',
    type: 'budget_exceeded',
    budget: {
      id: 'b1',
      scope: 'group',
      metric: 'credits',
      period: 'month',
      limit: 5_000_000,
      spent: 5_250_000,
      resetsAt: '2026-12-01T00:00:00.000Z',
    },
  });

  it('says which limit, how much is used and when it resets, and offers no retry', () => {
    const error = describeError(body);
    expect(error).toEqual({
      kind: 'budget_exceeded',
      period: 'month',
      metric: 'credits',
      limit: 5_000_000,
      spent: 5_250_000,
      resetsAt: '2026-12-01T00:00:00.000Z',
    });
    expect(offersRetry(error)).toBe(false);
    const words = errorWords(error, { endpoint: 'OpenAI', userProvidesKey: false }, i18n.t);
    expect(words.body).toMatch(
      /^You have reached your monthly usage limit \(\$5\.25 of \$5\.00\)\. It resets on /,
    );
    expect(words.body).toContain('Dec 1, 2026');
  });

  it('shows credits as dollars and other metrics as counts', () => {
    expect(formatCredits(1_234, 'en-US')).toBe('$0.0012');
    expect(formatAmount('requests', 1_500, 'en-US')).toBe('1,500');
  });
});
