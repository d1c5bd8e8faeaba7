import { describe, expect, it } from 'vitest';
import { cleanTitle } from './title';

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
});
