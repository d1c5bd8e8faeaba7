import { describe, expect, it } from 'vitest';
import { globMatches, globToLike } from './glob';

describe('model globs', () => {
  it('matches * and ? case-insensitively and nothing else as a wildcard', () => {
    expect(globMatches('gpt-4*', 'gpt-4o-mini')).toBe(true);
    expect(globMatches('gpt-4*', 'GPT-4')).toBe(true);
    expect(globMatches('gpt-4*', 'gpt-3.5-turbo')).toBe(false);
    expect(globMatches('o?-mini', 'o1-mini')).toBe(true);
    expect(globMatches('gpt-4.1', 'gpt-441')).toBe(false);
    expect(globMatches('claude', 'claude-3')).toBe(false);
  });

  it('escapes the LIKE wildcards a model name holds', () => {
    expect(globToLike('my_model%*')).toBe('my\\_model\\%%');
    expect(globToLike('a?b')).toBe('a_b');
  });
});
