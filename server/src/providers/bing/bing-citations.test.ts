import { describe, expect, it } from 'vitest';
import { renderCitations, sourceList, sourceUrls } from './bing-citations';

const urls = ['https://a.example/1', 'https://b.example/2'];

describe('renderCitations', () => {
  it('turns [^n^] markers into Markdown links to the nth source', () => {
    expect(renderCitations('One[^1^] and two[^2^][^1^].', urls, true)).toBe(
      'One[1](https://a.example/1) and two[2](https://b.example/2)[1](https://a.example/1).',
    );
  });

  it('while streaming, stops before a half-received marker', () => {
    expect(
      ['Fact [', 'Fact [^', 'Fact [^1', 'Fact [^1^'].map((t) => renderCitations(t, urls, false)),
    ).toEqual(['Fact ', 'Fact ', 'Fact ', 'Fact ']);
  });

  it('while streaming, holds the text from a marker whose source is not known yet', () => {
    expect(renderCitations('A[^1^] B[^3^] C', urls, false)).toBe('A[1](https://a.example/1) B');
  });

  it('in the final text, leaves a marker without a source as a plain [n]', () => {
    expect(renderCitations('A[^3^] C', urls, true)).toBe('A[3] C');
  });

  it('does not link a source that is not a web URL', () => {
    const unsafe = sourceUrls([{ providerDisplayName: 'x', seeMoreUrl: 'javascript:alert(1)' }]);

    expect(renderCitations('A[^1^]', unsafe, true)).toBe('A[1]');
  });
});

describe('sourceList', () => {
  it('numbers the sources after a rule, escaping brackets and parentheses', () => {
    const list = sourceList([
      { providerDisplayName: 'Paris [city]', seeMoreUrl: 'https://w.example/Paris_(city)' },
      { providerDisplayName: null, seeMoreUrl: 'https://news.example/a' },
    ]);

    expect(list).toBe(
      '\n\n---\n1. [Paris \\[city\\]](https://w.example/Paris_%28city%29)\n2. [news.example](https://news.example/a)',
    );
  });

  it('is empty without usable sources', () => {
    expect(sourceList([])).toBe('');
    expect(sourceList([{ providerDisplayName: 'x', seeMoreUrl: 'ftp://x' }])).toBe('');
  });
});
