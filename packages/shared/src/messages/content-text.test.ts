import { describe, expect, it } from 'vitest';
import { textOfContent } from './content-text';

describe('textOfContent', () => {
  it('joins the text parts in order and skips tool calls and empty texts', () => {
    expect(
      textOfContent([
        { type: 'text', text: 'Let me work it out.' },
        { type: 'tool_call', tool_call: { id: 'c1', type: 'function', name: 'calculator', progress: 1 } },
        { type: 'text', text: '' },
        { type: 'text', text: 'It is 4.' },
      ]),
    ).toBe('Let me work it out.\n\nIt is 4.');
  });
});
