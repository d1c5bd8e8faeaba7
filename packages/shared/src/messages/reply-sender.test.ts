import { describe, expect, it } from 'vitest';
import { replySender } from './reply-sender';

describe('replySender', () => {
  it('uses the conversation custom name first, then the endpoint label', () => {
    expect(replySender({ chatGptLabel: ' Ada ' }, 'gpt-4o-mini', 'Mistral AI')).toBe('Ada');
    expect(replySender({ modelLabel: 'Claudia' }, 'claude-3')).toBe('Claudia');
    expect(replySender({}, 'llama3', 'Ollama')).toBe('Ollama');
  });

  it('falls back to the model family (SPEC §9), then AI', () => {
    expect(replySender({}, 'gpt-3.5-turbo')).toBe('GPT-3.5');
    expect(replySender({}, 'gemini-pro')).toBe('Gemini');
    expect(replySender({}, 'claude-3-haiku')).toBe('Claude');
    expect(replySender({}, 'llama3')).toBe('AI');
    expect(replySender({}, null)).toBe('AI');
  });

  it('keeps SPEC §9 labels for the models SPEC knows: gpt-3* is GPT-3.5, gpt-4 and gpt-4-turbo are GPT-4', () => {
    for (const model of ['gpt-3.5-turbo-16k', 'gpt-35-turbo', 'gpt-3.5-turbo-instruct']) {
      expect(replySender({}, model)).toBe('GPT-3.5');
    }
    for (const model of ['gpt-4', 'gpt-4-turbo', 'gpt-4-0613', 'gpt-4-32k', 'gpt-4-vision-preview']) {
      expect(replySender({}, model)).toBe('GPT-4');
    }
  });

  it('names the newer OpenAI families SPEC does not know as OpenAI does (not "GPT-4")', () => {
    expect(replySender({}, 'gpt-4o')).toBe('GPT-4o');
    expect(replySender({}, 'gpt-4o-mini')).toBe('GPT-4o');
    expect(replySender({}, 'fake-gpt-4o-mini')).toBe('GPT-4o');
    expect(replySender({}, 'chatgpt-4o-latest')).toBe('GPT-4o');
    expect(replySender({}, 'gpt-4.1-nano')).toBe('GPT-4.1');
    expect(replySender({}, 'openai/gpt-4.1')).toBe('GPT-4.1');
    expect(replySender({}, 'gpt-5-mini')).toBe('GPT-5');
    expect(replySender({}, 'o1-preview')).toBe('o1');
    expect(replySender({}, 'o3')).toBe('o3');
    expect(replySender({}, 'openai/o4-mini')).toBe('o4');
    // Not the o-series: a name that merely starts with "o" and a digit-less word.
    expect(replySender({}, 'olmo-7b')).toBe('AI');
    expect(replySender({}, 'omni-moderation-latest')).toBe('AI');
  });
});
