import { describe, expect, it } from 'vitest';
import { asYouTypeQuery } from './as-you-type';

describe('asYouTypeQuery', () => {
  it('makes the word being typed a prefix', () => {
    expect(asYouTypeQuery('zeb')).toBe('zeb*');
    expect(asYouTypeQuery('  striped zeb')).toBe('striped zeb*');
    expect(asYouTypeQuery('"black and" whi')).toBe('"black and" whi*');
    expect(asYouTypeQuery('café -zür')).toBe('café -zür*');
  });
  it('leaves a finished word, an open phrase, a prefix and `or` as they are', () => {
    expect(asYouTypeQuery('zebra ')).toBe('zebra');
    expect(asYouTypeQuery('"black zeb')).toBe('"black zeb');
    expect(asYouTypeQuery('"black zebra"')).toBe('"black zebra"');
    expect(asYouTypeQuery('zeb*')).toBe('zeb*');
    expect(asYouTypeQuery('lions or')).toBe('lions or');
    expect(asYouTypeQuery('   ')).toBe('');
  });
});
