import { describe, expect, it } from 'vitest';
import { mapFinishReason } from './map-finish-reason';

describe('mapFinishReason', () => {
  it.each([
    ['stop', 'stop'],
    ['length', 'length'],
    ['tool_calls', 'tool-calls'],
    ['function_call', 'tool-calls'],
    ['content_filter', 'content-filter'],
    ['eos', 'other'],
    [null, 'other'],
    [undefined, 'other'],
  ] as const)('maps %s to %s', (raw, reason) => {
    expect(mapFinishReason(raw)).toBe(reason);
  });
});
