import { describe, expect, it } from 'vitest';
import { encodeSseFrame } from './sse';

describe('encodeSseFrame', () => {
  it('frames id, event and data', () => {
    expect(encodeSseFrame({ id: 3, event: 'text', data: '{"a":1}' })).toBe(
      'id: 3\nevent: text\ndata: {"a":1}\n\n',
    );
  });

  it('splits multi-line data into several data lines and strips newlines from fields', () => {
    expect(encodeSseFrame({ event: 'x\ny', data: 'one\ntwo\r\nthree' })).toBe(
      'event: xy\ndata: one\ndata: two\ndata: three\n\n',
    );
  });
});
