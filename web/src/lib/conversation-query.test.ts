import { QueryClient } from '@tanstack/react-query';
import type { Conversation } from '@parley/shared/schemas/conversation';
import { describe, expect, it } from 'vitest';
import { conversationPath, putConversation } from './conversation-query';

const conversation: Conversation = {
  conversationId: 'c1',
  title: 'Chat',
  user: 'u1',
  endpoint: 'openAI',
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
};
const cached = (client: QueryClient) => client.getQueryData<Conversation>([conversationPath('c1')]);

describe('putConversation', () => {
  it('keeps the known cost when an answer without it replaces the conversation', () => {
    const client = new QueryClient();
    putConversation(client, { ...conversation, credits: 9000 });
    putConversation(client, { ...conversation, title: 'Renamed' });
    expect(cached(client)).toMatchObject({ title: 'Renamed', credits: 9000 });
    putConversation(client, { ...conversation, credits: 12000 });
    expect(cached(client)?.credits).toBe(12000);
  });

  it('puts a conversation without a cost as it is when none was known', () => {
    const client = new QueryClient();
    putConversation(client, conversation);
    expect(cached(client)).toEqual(conversation);
  });
});
