import { describe, expect, it } from 'vitest';
import { batchErrorLines } from './toast-store';

describe('batchErrorLines', () => {
  it('lists each distinct error once, in arrival order', () => {
    expect(batchErrorLines(['Failed to rename', 'Network down', 'Failed to rename'])).toEqual([
      'Failed to rename',
      'Network down',
    ]);
  });

  it('drops blank messages', () => {
    expect(batchErrorLines([' ', '', 'x'])).toEqual(['x']);
  });
});
