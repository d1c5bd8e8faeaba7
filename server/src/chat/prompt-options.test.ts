import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { generationParams, systemPrompt, tokenBudget } from './prompt-options';

describe('generationParams', () => {
  it('applies each kind’s defaults (SPEC §9) and maps field names', () => {
    expect(generationParams('openAI', 'gpt-4o', {}, 'u1')).toEqual({
      user: 'u1',
      temperature: 1,
      topP: 1,
      presencePenalty: 0,
      frequencyPenalty: 0,
    });
    expect(generationParams('anthropic', 'claude-3-haiku', { topP: 0.5 }, 'u1')).toMatchObject({
      temperature: 1,
      topP: 0.5,
      topK: 5,
      maxOutputTokens: 4000,
    });
    expect(generationParams('google', 'gemini-pro', {}, 'u1')).toMatchObject({
      maxOutputTokens: 8192,
      topK: 40,
    });
    expect(generationParams('google', 'chat-bison', {}, 'u1')).toMatchObject({ maxOutputTokens: 1024 });
  });

  it('passes stop sequences, image detail and non-empty examples', () => {
    const params = generationParams(
      'google',
      'chat-bison',
      {
        stop: ['END'],
        imageDetail: 'low',
        examples: [
          { input: { content: 'hi' }, output: { content: 'hello' } },
          { input: { content: '' }, output: { content: '' } },
        ],
      },
      'u1',
    );
    expect(params).toMatchObject({
      stop: ['END'],
      imageDetail: 'low',
      examples: [{ input: 'hi', output: 'hello' }],
    });
  });

  it('refuses a value outside the kind’s range, naming the field', () => {
    const refuse = () => generationParams('anthropic', 'claude-2', { temperature: 1.5, topK: 3.5 }, 'u1');
    expect(refuse).toThrow(AppError);
    try {
      refuse();
    } catch (error) {
      expect(error).toMatchObject({
        status: 400,
        fields: { temperature: 'must be between 0 and 1', topK: 'must be a whole number' },
      });
    }
    expect(generationParams('openAI', 'gpt-4o', { temperature: 1.5 }, 'u1').temperature).toBe(1.5);
  });
});

describe('systemPrompt', () => {
  it('names the model, the user and carries the instructions', () => {
    expect(systemPrompt({ chatGptLabel: 'Ada', userLabel: 'Bob', promptPrefix: 'Be brief.' })).toBe(
      "You are Ada.\nThe user's name is Bob.\nBe brief.",
    );
    expect(systemPrompt({ modelLabel: 'Claude' })).toBe('You are Claude.');
    expect(systemPrompt({ promptPrefix: '  ' })).toBeUndefined();
  });
});

describe('tokenBudget', () => {
  it('keeps the requested room for the reply, at most half the window', () => {
    expect(tokenBudget('gpt-4', {})).toEqual({ windowTokens: 8192, replyTokens: 1024 });
    expect(tokenBudget('gpt-4', { maxOutputTokens: 6000 })).toEqual({
      windowTokens: 8192,
      replyTokens: 4096,
    });
    expect(tokenBudget('gpt-4o-mini', {}).windowTokens).toBe(128_000);
  });
});
