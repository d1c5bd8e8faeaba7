import { describe, expect, it } from 'vitest';
import { formatToolInput, toolCallState } from './tool-call-state';

describe('toolCallState', () => {
  it('runs below 1, is done at 1, failed at 2 or with an error-processing-tool output', () => {
    expect(toolCallState({})).toBe('running');
    expect(toolCallState({ progress: 0.5 })).toBe('running');
    expect(toolCallState({ progress: 1, output: '4' })).toBe('done');
    expect(toolCallState({ progress: 2, output: 'timed out after 30 s' })).toBe('failed');
    expect(toolCallState({ progress: 1, output: 'Error processing tool calculator: bad input' })).toBe(
      'failed',
    );
  });
});

describe('formatToolInput', () => {
  it('pretty-prints JSON arguments and keeps anything else as sent', () => {
    expect(formatToolInput('{"input":"2+2"}')).toBe('{\n  "input": "2+2"\n}');
    expect(formatToolInput('2+2')).toBe('2+2');
    expect(formatToolInput(undefined)).toBe('');
  });
});
