import { describe, expect, it } from 'vitest';
import { addExample, addTag, EMPTY_EXAMPLE, removeExample, removeTag, shownExamples } from './tag-values';

describe('stop-sequence tags (SPEC §5)', () => {
  it('adds trimmed values and ignores blank input', () => {
    expect(addTag(['a'], '  b ', 4)).toEqual({ tags: ['a', 'b'], notice: null });
    expect(addTag(['a'], '   ', 4)).toEqual({ tags: ['a'], notice: null });
  });

  it('over 4 keeps the latest 4 and raises the maximum notice', () => {
    expect(addTag(['1', '2', '3', '4'], '5', 4)).toEqual({
      tags: ['2', '3', '4', '5'],
      notice: { kind: 'max', limit: 4 },
    });
  });

  it('removes by index; refuses to go under the minimum', () => {
    expect(removeTag(['a', 'b'], 0, 0)).toEqual({ tags: ['b'], notice: null });
    expect(removeTag(['a'], 0, 1)).toEqual({ tags: ['a'], notice: { kind: 'min', limit: 1 } });
  });
});

describe('examples list (SPEC §4)', () => {
  const pair = { input: { content: 'hi' }, output: { content: 'hello' } };
  it('always shows at least one pair', () => {
    expect(shownExamples(undefined)).toEqual([EMPTY_EXAMPLE]);
    expect(shownExamples([])).toEqual([EMPTY_EXAMPLE]);
  });
  it('add appends an empty pair', () => {
    expect(addExample([pair])).toEqual([pair, EMPTY_EXAMPLE]);
    expect(addExample(undefined)).toEqual([EMPTY_EXAMPLE, EMPTY_EXAMPLE]);
  });
  it('remove pops the last but always leaves one', () => {
    expect(removeExample([pair, EMPTY_EXAMPLE])).toEqual([pair]);
    expect(removeExample([pair])).toEqual([pair]);
  });
});
