import { describe, expect, it } from 'vitest';
import { findPassage, PASSAGE_CONTEXT, passageWindow, withQuery } from './passage';

describe('findPassage', () => {
  const text = 'Intro.\n\nApple yields  rose\n12% in the (north) orchard.\nOutro.';

  it('finds a one-line snippet across the text’s line breaks and spaces, ellipses left out', () => {
    const range = findPassage(text, '…yields rose 12% in the (north) orch…');
    expect(range && text.slice(range.start, range.end)).toBe('yields  rose\n12% in the (north) orchard');
  });

  it('widens a snippet cut inside a word to the whole word', () => {
    const range = findPassage('gate 6 checked.\nRow 78 ok', '…hecked. Row 7…');
    expect(range).toEqual({ start: 7, end: 22 });
  });

  it('answers null for a snippet that is not in the text', () => {
    expect(findPassage(text, 'pears fell')).toBeNull();
    expect(findPassage(text, '…')).toBeNull();
  });
});

describe('passageWindow', () => {
  it('keeps PASSAGE_CONTEXT characters on each side and says where it cut', () => {
    const text = `${'a'.repeat(PASSAGE_CONTEXT + 10)}HERE${'b'.repeat(20)}`;
    const shown = passageWindow(text, { start: PASSAGE_CONTEXT + 10, end: PASSAGE_CONTEXT + 14 });
    expect(shown).toMatchObject({ passage: 'HERE', cutStart: true, cutEnd: false });
    expect(shown.before).toHaveLength(PASSAGE_CONTEXT);
    expect(shown.after).toHaveLength(20);
  });
});

it('withQuery adds a parameter to a content link', () => {
  expect(withQuery('/api/files/content/x?exp=1&sig=s', 'inline=1')).toBe(
    '/api/files/content/x?exp=1&sig=s&inline=1',
  );
  expect(withQuery('/x', 'inline=1')).toBe('/x?inline=1');
});
