import { describe, expect, it } from 'vitest';
import { messageSchema } from '@parley/shared/schemas/message';
import { FLAT_MESSAGE_KEYS, isFlatMessage, messageListResponseSchema } from './message-list-schema';

const flat = {
  messageId: 'm1',
  conversationId: 'c1',
  parentMessageId: '00000000-0000-0000-0000-000000000000',
  sender: 'User',
  text: 'Hello',
  isCreatedByUser: true,
  model: 'gpt-4o-mini',
  endpoint: null,
  error: false,
  unfinished: false,
  finish_reason: null,
  isEdited: false,
  tokenCount: 12,
  thread_id: null,
  iconURL: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('isFlatMessage', () => {
  it('knows every key of the message schema but the nested ones', () => {
    const nested = new Set(['content', 'files', 'sources']);
    const schemaKeys = Object.keys(messageSchema.shape).filter((key) => !nested.has(key));
    expect([...FLAT_MESSAGE_KEYS].sort()).toEqual(schemaKeys.sort());
  });

  it('only ever accepts what the schema accepts, unchanged', () => {
    // Each field takes values of every JSON type in turn, and each field is left out in turn.
    const values: unknown[] = [null, 'x', '', 0, 1.5, -3, 2 ** 60, true, false, [], {}, [1], { a: 1 }];
    const candidates: Record<string, unknown>[] = [flat];
    for (const key of [...Object.keys(flat), 'searchResult', 'content', 'files', 'sources', 'unknown']) {
      for (const value of values) candidates.push({ ...flat, [key]: value });
      const { [key]: _left, ...without } = { ...flat } as Record<string, unknown>;
      candidates.push(without);
    }
    let accepted = 0;
    for (const candidate of candidates) {
      if (!isFlatMessage(candidate)) continue;
      accepted += 1;
      const parsed = messageSchema.safeParse(candidate);
      expect(parsed.success, JSON.stringify(candidate)).toBe(true);
      expect(parsed.data).toEqual(candidate);
    }
    expect(accepted).toBeGreaterThan(20);
  });

  it('leaves nested parts and unknown keys to the schema', () => {
    expect(isFlatMessage({ ...flat, content: [{ type: 'text', text: 'a' }] })).toBe(false);
    expect(isFlatMessage({ ...flat, files: [] })).toBe(false);
    expect(isFlatMessage({ ...flat, extra: 1 })).toBe(false);
    expect(isFlatMessage(JSON.parse(`{"__proto__": {}, "messageId": "x"}`))).toBe(false);
  });
});

describe('messageListResponseSchema', () => {
  it('gives what the schema gives for a mixed list', () => {
    const list = [
      flat,
      { ...flat, messageId: 'm2', content: [{ type: 'text', text: 'part' }], extra: 'dropped' },
      { ...flat, messageId: 'm3', files: [{ file_id: 'f1', filename: 'a.txt' }] },
    ];
    const parsed = messageListResponseSchema.parse(list);
    expect(parsed).toEqual(list.map((item) => messageSchema.parse(item)));
    expect(parsed[1]).not.toHaveProperty('extra');
  });

  it('fails with the schema’s issues when a message is invalid or the body is not a list', () => {
    const bad = messageListResponseSchema.safeParse([flat, { ...flat, text: 5 }]);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual([1, 'text']);
    expect(messageListResponseSchema.safeParse({ messages: [] }).success).toBe(false);
  });
});
