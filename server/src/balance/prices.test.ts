import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE, priceOf } from './prices';

describe('priceOf', () => {
  it.each([
    ['gpt-3.5-turbo', 0.5, 1.5],
    ['gpt-3.5-turbo-16k-0613', 3, 4],
    ['gpt-4', 30, 60],
    ['gpt-4-0613', 30, 60],
    ['gpt-4-32k', 60, 120],
    ['gpt-4-turbo-2024-04-09', 10, 30],
    ['gpt-4-1106-preview', 10, 30],
    ['gpt-4o', 2.5, 10],
    ['gpt-4o-2024-08-06', 2.5, 10],
    ['gpt-4o-mini-2024-07-18', 0.15, 0.6],
    ['gpt-4.1-mini', 0.4, 1.6],
    ['o1-mini', 1.1, 4.4],
    ['claude-1', 8, 24],
    ['claude-instant-1.2', 0.8, 2.4],
    ['claude-2.1', 8, 24],
    ['claude-3-opus-20240229', 15, 75],
    ['claude-3-haiku-20240307', 0.25, 1.25],
    ['claude-3-5-sonnet-latest', 3, 15],
    ['gemini-pro', 0.5, 1.5],
    ['gemini-1.5-flash-latest', 0.075, 0.3],
    ['anthropic/claude-3-sonnet', 3, 15],
    ['command-r-plus', 3, 15],
  ])('%s costs %s / %s USD per 1M tokens', (model, prompt, completion) => {
    expect(priceOf(model)).toEqual({ prompt, completion });
  });

  it('falls back to the default rate for unknown models and name look-alikes', () => {
    for (const model of ['mistral-large', 'llama3', 'o1x', 'gpt-40', '', null]) {
      expect(priceOf(model)).toEqual(DEFAULT_PRICE);
    }
  });
});
