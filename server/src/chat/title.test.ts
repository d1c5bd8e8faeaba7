import { describe, expect, it } from 'vitest';
import { cleanTitle, MESSAGE_TITLE_MAX_CHARS, titleFromMessage } from './title';

describe('cleanTitle', () => {
  it('keeps the title only: no label, quotes, trailing punctuation or extra lines', () => {
    expect(cleanTitle('"Friendly Greeting Exchange."')).toBe('Friendly Greeting Exchange');
    expect(cleanTitle('Title: Rust Lifetimes Explained\nThis conversation is about…')).toBe(
      'Rust Lifetimes Explained',
    );
    expect(cleanTitle("  'Kochen mit Kindern'!  ")).toBe('Kochen mit Kindern');
    expect(cleanTitle('**Bold   Title**')).toBe('Bold Title');
    expect(cleanTitle('')).toBe('');
  });

  it('removes Markdown markup but never the text it surrounds', () => {
    expect(cleanTitle('12*34+1')).toBe('12*34+1');
    expect(cleanTitle('Computing 2*3*4 Quickly')).toBe('Computing 2*3*4 Quickly');
    expect(cleanTitle('Rename snake_case_names')).toBe('Rename snake_case_names');
    expect(cleanTitle('C# Basics')).toBe('C# Basics');
    expect(cleanTitle('Issue #42 Triage')).toBe('Issue #42 Triage');
    expect(cleanTitle('**Bold** and *Italic* Words')).toBe('Bold and Italic Words');
    expect(cleanTitle('**_Nested Emphasis_**')).toBe('Nested Emphasis');
    expect(cleanTitle('## Heading Title')).toBe('Heading Title');
    expect(cleanTitle('Title: **Using `grep` Well**')).toBe('Using grep Well');
    expect(cleanTitle('~~Old~~ New Plan')).toBe('Old New Plan');
  });
});

describe('titleFromMessage', () => {
  it('takes the first non-empty line, trimmed, spaces collapsed', () => {
    expect(titleFromMessage('\n\n   Plan   a trip\t to Lyon  \nsecond line')).toBe('Plan a trip to Lyon');
    expect(titleFromMessage('   \n  ')).toBe('');
  });

  it('cuts a long message at a word boundary and marks the cut', () => {
    const text =
      'Explique-moi la différence entre les pronoms relatifs simples et composés en français, avec exemples';
    const title = titleFromMessage(text);
    expect(Array.from(title).length).toBeLessThanOrEqual(MESSAGE_TITLE_MAX_CHARS);
    expect(title.endsWith('…')).toBe(true);
    expect(text.startsWith(title.slice(0, -1))).toBe(true);
    expect(title).not.toMatch(/\s…$/u);
  });

  it('cuts a message with no spaces by characters, never inside a surrogate pair', () => {
    const title = titleFromMessage('😀'.repeat(100));
    expect(title).toBe(`${'😀'.repeat(MESSAGE_TITLE_MAX_CHARS - 1)}…`);
  });
});
