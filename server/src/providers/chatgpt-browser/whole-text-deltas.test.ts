import { describe, expect, it } from 'vitest';
import { WholeTextDeltas } from './whole-text-deltas';

describe('WholeTextDeltas', () => {
  it('emits only what each snapshot adds', () => {
    const deltas = new WholeTextDeltas();

    expect(['He', 'Hello', 'Hello', 'Hello!'].map((whole) => deltas.next(whole))).toEqual([
      'He',
      'llo',
      '',
      '!',
    ]);
    expect(deltas.text).toBe('Hello!');
  });

  it('emits nothing for a snapshot that rewrites earlier text, and resumes once one extends it again', () => {
    const deltas = new WholeTextDeltas();
    deltas.next('The cat');

    expect(deltas.next('A dog sat')).toBe('');
    expect(deltas.next('The')).toBe('');
    expect(deltas.next('The cat sat')).toBe(' sat');
  });
});
