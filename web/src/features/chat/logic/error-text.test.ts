import { describe, expect, it } from 'vitest';
import { describeError, errorText, RAW_ERROR_LIMIT } from './error-text';

describe('describeError', () => {
  it('reads the kind from type or code', () => {
    expect(describeError('{"type":"no_user_key"}')).toEqual({ kind: 'no_user_key' });
    expect(describeError('{"code":"invalid_api_key","message":"x"}')).toEqual({ kind: 'invalid_api_key' });
  });

  it('keeps the details of expired keys and limits', () => {
    expect(describeError('{"type":"expired_user_key","endpoint":"openAI","expiredAt":"2026-01-01"}')).toEqual(
      {
        kind: 'expired_user_key',
        endpoint: 'openAI',
        expiredAt: '2026-01-01',
      },
    );
    expect(describeError('{"type":"concurrent","limit":2}')).toEqual({ kind: 'concurrent', limit: 2 });
    expect(describeError('{"type":"message_limit","limit":40,"windowInMinutes":1}')).toEqual({
      kind: 'message_limit',
      limit: 40,
      windowMinutes: 1,
    });
  });

  it('lists balance, prompt tokens and cost for token_balance', () => {
    const result = describeError('{"type":"token_balance","balance":10,"promptTokens":300,"tokenCost":900}');
    expect(result).toMatchObject({ kind: 'token_balance' });
    expect(result.kind === 'token_balance' && result.details).toContain('Prompt tokens: 300');
  });

  it('adds the generations to the code block when the error carries them', () => {
    const result = describeError(
      '{"type":"token_balance","balance":10,"promptTokens":300,"tokenCost":900,"generations":["Once upon"]}',
    );
    expect(result.kind === 'token_balance' && result.details).toContain('Generations: [\n  "Once upon"\n]');
  });

  it('shows the first 512 characters of anything else', () => {
    const long = 'x'.repeat(600);
    expect(describeError(long)).toEqual({ kind: 'unknown', text: 'x'.repeat(RAW_ERROR_LIMIT) });
    expect(describeError('{"type":"weird","message":"Upstream said no"}')).toEqual({
      kind: 'unknown',
      text: 'Upstream said no',
    });
    expect(describeError('[1,2]')).toEqual({ kind: 'unknown', text: '[1,2]' });
  });

  it('round-trips the client-made error texts', () => {
    expect(describeError(errorText('connection'))).toEqual({ kind: 'connection' });
  });
});
