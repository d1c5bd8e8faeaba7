import { describe, expect, it } from 'vitest';
import { parseScript, ScriptValidationError } from './parse-script';

describe('parseScript', () => {
  it('accepts a full script and keeps only the given fields', () => {
    const script = {
      replies: [
        {
          text: 'hi',
          chunkSize: 2,
          delayMs: 0,
          finishReason: 'length',
          usage: { prompt_tokens: 1, completion_tokens: 1 },
        },
        { error: { status: 503, code: null, headers: { 'retry-after': '1' } } },
        { toolCalls: [{ id: 'c1', name: 'f', arguments: '{}' }], dropAfterChunks: 1 },
      ],
      models: ['a', { id: 'b', owned_by: 'me' }],
      apiKey: null,
    };

    expect(parseScript(script)).toEqual(script);
  });

  it('rejects unknown fields so a typo does not pass silently', () => {
    expect(() => parseScript({ replies: [{ chunksize: 3 }] })).toThrow(
      new ScriptValidationError('script.replies[0].chunksize: is not a known field'),
    );
  });

  it('names the field and the problem for a wrong value', () => {
    expect(() => parseScript({ replies: [{ finishReason: 'done' }] })).toThrow(
      'script.replies[0].finishReason: must be one of stop, length, content_filter, tool_calls',
    );
    expect(() => parseScript({ replies: [{ error: { status: 200 } }] })).toThrow(
      'script.replies[0].error.status: must be an integer >= 400',
    );
    expect(() => parseScript({ apiKey: 5 })).toThrow('script.apiKey: must be a string');
    expect(() => parseScript([])).toThrow('script: must be an object');
  });
});
