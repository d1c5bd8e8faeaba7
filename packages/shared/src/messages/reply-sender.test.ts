import { describe, expect, it } from 'vitest';
import { endpointReplyLabel, replySender } from './reply-sender';

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
    const labels: Array<[model: string, label: string]> = [
      ['gpt-4o', 'GPT-4o'],
      ['gpt-4o-mini', 'GPT-4o'],
      ['fake-gpt-4o-mini', 'GPT-4o'],
      ['chatgpt-4o-latest', 'GPT-4o'],
      ['gpt-4.1-nano', 'GPT-4.1'],
      ['openai/gpt-4.1', 'GPT-4.1'],
      ['gpt-5-mini', 'GPT-5'],
      ['o1-preview', 'o1'],
      ['o3', 'o3'],
      ['openai/o4-mini', 'o4'],
      // Not the o-series: names that merely start with "o".
      ['olmo-7b', 'AI'],
      ['omni-moderation-latest', 'AI'],
    ];
    for (const [model, label] of labels) expect(replySender({}, model), model).toBe(label);
  });
});

describe('endpointReplyLabel', () => {
  it("takes a custom endpoint's modelDisplayLabel, else its name, never its model's family", () => {
    expect(endpointReplyLabel({ kind: 'custom', name: 'Local', modelDisplayLabel: 'Llama' })).toBe('Llama');
    const local = endpointReplyLabel({ kind: 'custom', name: 'Local', modelDisplayLabel: '  ' });
    expect(local).toBe('Local');
    expect(replySender({}, 'fake-gpt-4o', local)).toBe('Local');
  });

  it('leaves built-in endpoints to the model family unless they configure a label', () => {
    const openAI = endpointReplyLabel({ kind: 'openAI', name: 'openAI' });
    expect(openAI).toBeUndefined();
    expect(replySender({}, 'gpt-4o', openAI)).toBe('GPT-4o');
    expect(endpointReplyLabel({ kind: 'azureOpenAI', name: 'azureOpenAI', modelDisplayLabel: 'Azure' })).toBe(
      'Azure',
    );
  });
});
