import { describe, expect, it } from 'vitest';
import { countTokens, encodingForModel, getTokenCounter } from './service';

describe('tokenizer', () => {
  it.each([
    ['gpt-4o', 'o200k_base'],
    ['gpt-4o-mini-2024-07-18', 'o200k_base'],
    ['chatgpt-4o-latest', 'o200k_base'],
    ['gpt-4.1-nano', 'o200k_base'],
    ['o1-mini', 'o200k_base'],
    ['o3', 'o200k_base'],
    ['openai/o4-mini', 'o200k_base'],
    ['gpt-4', 'cl100k_base'],
    ['gpt-4-turbo', 'cl100k_base'],
    ['gpt-3.5-turbo', 'cl100k_base'],
    ['claude-3-opus-20240229', 'cl100k_base'],
    ['gemini-1.5-pro', 'cl100k_base'],
    ['ollama3', 'cl100k_base'],
    [undefined, 'cl100k_base'],
  ])('uses the right encoding for %s', (model, encoding) => {
    expect(encodingForModel(model)).toBe(encoding);
  });

  it('counts tokens with the model’s encoding', async () => {
    expect(await countTokens('hello world')).toBe(2);
    expect(await countTokens('')).toBe(0);
    // 'नमस्ते दुनिया' splits differently in the two vocabularies.
    const text = 'नमस्ते दुनिया, 你好世界';
    const cl100k = await countTokens(text, 'gpt-4');
    const o200k = await countTokens(text, 'gpt-4o');
    expect(o200k).toBeGreaterThan(0);
    expect(o200k).toBeLessThan(cl100k);
  });

  it('counts text that looks like a special token as ordinary text', async () => {
    expect(await countTokens('<|endoftext|>', 'gpt-4o')).toBeGreaterThan(1);
    expect(await countTokens('<|im_start|>', 'gpt-3.5-turbo')).toBeGreaterThan(1);
  });

  it('hands out one synchronous counter per encoding', async () => {
    const counter = await getTokenCounter('gpt-4o');
    expect(counter('hello world')).toBe(2);
    expect(await getTokenCounter('gpt-4o-mini')).toBe(counter);
  });
});
