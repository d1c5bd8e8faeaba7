import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';
import { isPlainText, PlainText } from './plain-text';

const asMarkdown = (text: string, latex = true) => renderToStaticMarkup(renderMarkdown(text, latex));
const asPlain = (text: string) => renderToStaticMarkup(<PlainText text={text} />);

/** A small deterministic generator, so the property test is the same on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('isPlainText', () => {
  it('accepts ordinary prose', () => {
    for (const text of [
      'Hello there.',
      'Seeded message 7 of conversation 1: the quick brown fox jumps over the lazy dog.',
      'First paragraph,\nsame paragraph.\n\nSecond one (with brackets); 50% off!',
      "It's 3.5 times faster, isn't it? Yes, 100 %.",
      '',
    ])
      expect(isPlainText(text), text).toBe(true);
  });

  it('refuses text in which Markdown could mean something', () => {
    for (const text of [
      '**bold**',
      'a `code` span',
      '- item',
      '+ item',
      '1. item',
      '2) item',
      '# heading',
      'Title\n===',
      'Title\n---',
      '> quote',
      '    indented code',
      '\tindented code',
      'line  \nhard break',
      'see https://example.com',
      'see www.example.com',
      'mail me@example.com',
      'a | b',
      '$x^2$',
      'AT&amp;T',
      '<b>html</b>',
      '[link](x)',
      'under_score',
      '~~strike~~',
      'back\\slash',
      'windows\r\nline',
    ])
      expect(isPlainText(text), text).toBe(false);
  });
});

describe('PlainText', () => {
  it('renders what react-markdown renders for the same plain text', () => {
    for (const text of [
      'Hello there.',
      'One\ntwo\n\nthree',
      '\n\nleading and trailing blank lines\n\n\n',
      'trailing space \nnext line',
      'para\n  \t\n\npara',
      '   ',
    ])
      expect(asPlain(text), JSON.stringify(text)).toBe(asMarkdown(text));
  });

  it('agrees with react-markdown on every generated text it accepts', () => {
    const next = random(42);
    const alphabet = [
      'a',
      'b',
      ' ',
      ' ',
      '\n',
      '\t',
      '.',
      ',',
      '1',
      '9',
      ')',
      '(',
      '-',
      '+',
      '=',
      ':',
      '!',
      '?',
      '"',
      "'",
      '%',
      'é',
      '*',
      '#',
      '_',
      '<',
      '&',
      '/',
      'w',
    ];
    let accepted = 0;
    for (let run = 0; run < 3_000; run += 1) {
      const length = 1 + Math.floor(next() * 24);
      let text = '';
      for (let i = 0; i < length; i += 1) text += alphabet[Math.floor(next() * alphabet.length)] ?? '';
      if (!isPlainText(text)) continue;
      accepted += 1;
      expect(asPlain(text), JSON.stringify(text)).toBe(asMarkdown(text));
    }
    expect(accepted).toBeGreaterThan(300);
  });
});
