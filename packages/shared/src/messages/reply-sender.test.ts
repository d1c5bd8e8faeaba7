import { describe, expect, it } from 'vitest';
import { replySender } from './reply-sender';

describe('replySender', () => {
  it('uses the conversation custom name first, then the endpoint label', () => {
    expect(replySender({ chatGptLabel: ' Ada ' }, 'gpt-4o-mini', 'Mistral AI')).toBe('Ada');
    expect(replySender({ modelLabel: 'Claudia' }, 'claude-3')).toBe('Claudia');
    expect(replySender({}, 'llama3', 'Ollama')).toBe('Ollama');
  });

  it('falls back to the model family (SPEC §9), then AI', () => {
    expect(replySender({}, 'fake-gpt-4o-mini')).toBe('GPT-4');
    expect(replySender({}, 'gpt-3.5-turbo')).toBe('GPT-3.5');
    expect(replySender({}, 'gemini-pro')).toBe('Gemini');
    expect(replySender({}, 'claude-3-haiku')).toBe('Claude');
    expect(replySender({}, 'llama3')).toBe('AI');
    expect(replySender({}, null)).toBe('AI');
  });
});
