import { describe, expect, it } from 'vitest';
import { withFirst, withStartingModel } from './starting-model';

describe('the model a new chat starts on', () => {
  it('moves the starting model to the front and keeps the others in their order', () => {
    expect(
      withStartingModel('anthropic', ['claude-3-opus-20240229', 'claude-3-haiku-20240307', 'claude-1']),
    ).toEqual(['claude-3-haiku-20240307', 'claude-3-opus-20240229', 'claude-1']);
    expect(withStartingModel('google', ['chat-bison', 'gemini-pro'])).toEqual(['gemini-pro', 'chat-bison']);
  });

  it('prefers SPEC §9’s default to a small model when both are offered', () => {
    expect(withStartingModel('openAI', ['gpt-4', 'gpt-4o-mini', 'gpt-3.5-turbo'])).toEqual([
      'gpt-3.5-turbo',
      'gpt-4',
      'gpt-4o-mini',
    ]);
  });

  it('leaves a list alone when it offers none of them, or for an endpoint it does not know', () => {
    expect(withStartingModel('anthropic', ['claude-1', 'claude-2'])).toEqual(['claude-1', 'claude-2']);
    expect(withStartingModel('Mistral', ['mistral-large', 'gpt-4o-mini'])).toEqual([
      'mistral-large',
      'gpt-4o-mini',
    ]);
  });

  it('puts a named model first only when the list has it', () => {
    expect(withFirst(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(withFirst(['a', 'b'], 'z')).toEqual(['a', 'b']);
    expect(withFirst(['a', 'b'], undefined)).toEqual(['a', 'b']);
  });
});
