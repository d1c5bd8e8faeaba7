import { describe, expect, it } from 'vitest';
import { checkParameter, clampParametersToModel, parameterRules } from './parameters';

describe('clampParametersToModel (SPEC §4: a Google model change clamps max output tokens)', () => {
  it('lowers Gemini’s 8192 max output tokens to chat-bison’s 2048, keeping the rest', () => {
    const onGemini = { model: 'gemini-pro', maxOutputTokens: 8192, temperature: 0.4, topK: 12 };
    const onBison = clampParametersToModel('google', 'chat-bison', onGemini);
    expect(onBison).toEqual({ model: 'gemini-pro', maxOutputTokens: 2048, temperature: 0.4, topK: 12 });
    // What the server then accepts for the new model (it refuses 8192 with a 400).
    const rule = parameterRules('google', 'chat-bison').maxOutputTokens;
    expect(rule && checkParameter(rule, 8192)).toBe('must be between 1 and 2048');
    expect(rule && checkParameter(rule, onBison.maxOutputTokens)).toBeUndefined();
  });

  it('keeps a value the new model allows, and leaves unset parameters unset', () => {
    const options = { maxOutputTokens: 1500 };
    expect(clampParametersToModel('google', 'chat-bison', options)).toBe(options);
    expect(clampParametersToModel('google', 'gemini-pro', { maxOutputTokens: 2048 })).toEqual({
      maxOutputTokens: 2048,
    });
    expect(clampParametersToModel('google', 'codechat-bison', {})).toEqual({});
    expect(clampParametersToModel('google', 'text-bison', { maxOutputTokens: undefined })).toEqual({
      maxOutputTokens: undefined,
    });
  });

  it('clamps on every model of a family with the smaller limit, and only where the kind has a range', () => {
    for (const model of ['chat-bison', 'chat-bison-32k', 'text-bison', 'code-bison', 'codechat-bison-32k']) {
      expect(clampParametersToModel('google', model, { maxOutputTokens: 8192 }).maxOutputTokens).toBe(2048);
    }
    expect(clampParametersToModel('google', 'gemini-pro-vision', { maxOutputTokens: 8192 })).toEqual({
      maxOutputTokens: 8192,
    });
    expect(clampParametersToModel('anthropic', 'claude-3-haiku', { maxOutputTokens: 8192 })).toEqual({
      maxOutputTokens: 4000,
    });
    expect(clampParametersToModel('bingAI', 'bing', { maxOutputTokens: 8192 })).toEqual({
      maxOutputTokens: 8192,
    });
  });
});
