import { describe, expect, it } from 'vitest';
import { conversationOfPath } from './prefetch-conversation';

describe('conversationOfPath', () => {
  it("names the conversation of a conversation's address", () => {
    expect(conversationOfPath('/c/3abd29c7-c0cf-5504-b03c-d744a21cc3d0')).toBe(
      '3abd29c7-c0cf-5504-b03c-d744a21cc3d0',
    );
    expect(conversationOfPath('/c/abc/')).toBe('abc');
  });

  it('names none for a new chat, the search view and other screens', () => {
    for (const path of ['/c/new', '/c/search', '/c', '/c/', '/', '/login', '/c/abc/more', '/share/abc'])
      expect(conversationOfPath(path)).toBeNull();
  });
});
