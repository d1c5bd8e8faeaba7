import { describe, expect, it } from 'vitest';
import type { ContentPart } from '@parley/shared/schemas/message';
import { partsToShow } from './parts-to-show';

const call: ContentPart = {
  type: 'tool_call',
  tool_call: { id: 'c', type: 'function', name: 'calculator', progress: 1 },
};

describe('partsToShow', () => {
  it('is null for a plain reply (no parts, or only empty text)', () => {
    expect(partsToShow(undefined, 'Hi')).toBeNull();
    expect(partsToShow([{ type: 'text', text: '' }], 'Hi')).toBeNull();
  });

  it('keeps the parts in order when they hold the text', () => {
    const parts: ContentPart[] = [{ type: 'text', text: 'a' }, call];
    expect(partsToShow(parts, 'a')).toEqual(parts);
  });

  it('adds text streamed without an index after the parts', () => {
    expect(partsToShow([call], 'The answer')).toEqual([call, { type: 'text', text: 'The answer' }]);
  });
});
