import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';
import { describe, expect, it } from 'vitest';
import { buildContext, ContextLengthError, MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS } from './context';

/** One token per word keeps the arithmetic readable. */
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

let seq = 0;
function message(text: string, fields: Partial<Message> = {}): Message {
  seq += 1;
  return {
    messageId: `m${seq}`,
    conversationId: 'c',
    parentMessageId: NO_PARENT,
    sender: 'User',
    text,
    isCreatedByUser: true,
    error: false,
    unfinished: false,
    isEdited: false,
    tokenCount: countWords(text),
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
const base = { prefix: '', system: undefined, replyTokens: 10, countTokens: countWords };

describe('buildContext', () => {
  it('keeps the newest messages that fit beside the reserved reply room, dropping the oldest', () => {
    const history = [message(words(40)), message(words(20)), message(words(20), { isCreatedByUser: false })];
    // 3 priming + (5 + 4) user + 2 × (20 + 4) = 60 ≤ 100 − 10; the 40-word message would need 44 more.
    const built = buildContext({ ...base, history, user: { text: words(5) }, windowTokens: 100 });
    expect(built.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(built.messages.at(-1)?.parts).toEqual([{ type: 'text', text: words(5) }]);
    expect(built.dropped).toBe(1);
    expect(built.promptTokens).toBe(REPLY_PRIMING_TOKENS + 5 + 3 * MESSAGE_OVERHEAD_TOKENS + 40);
  });

  it('counts messages without a stored count and reports them for saving', () => {
    const history = [message('one two three', { tokenCount: null })];
    const built = buildContext({ ...base, history, user: { text: 'hi' }, windowTokens: 1000 });
    expect([...built.missingCounts]).toEqual([[history[0]?.messageId, 3]]);
    expect(built.userTokens).toBe(1);
  });

  it('leaves error replies out of the dialogue and sends a prefix as the last, assistant, turn', () => {
    const history = [
      message('question'),
      message('{"type":"upstream"}', { error: true, isCreatedByUser: false }),
    ];
    const built = buildContext({
      ...base,
      history,
      user: { text: 'again' },
      prefix: 'Partial',
      windowTokens: 1000,
    });
    expect(built.messages).toEqual([
      { role: 'user', parts: [{ type: 'text', text: 'question' }] },
      { role: 'user', parts: [{ type: 'text', text: 'again' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'Partial' }] },
    ]);
  });

  it('fails with a clear context_length error when even the newest message cannot fit', () => {
    const build = () => buildContext({ ...base, history: [], user: { text: words(95) }, windowTokens: 100 });
    expect(build).toThrow(ContextLengthError);
    expect(build).toThrow(/needs 102 tokens but only 90 fit/);
  });

  it('counts the system prompt against the window', () => {
    const input = { ...base, history: [message(words(30))], user: { text: 'hi' }, windowTokens: 60 };
    expect(buildContext(input).messages).toHaveLength(2);
    expect(buildContext({ ...input, system: words(10) }).messages).toHaveLength(1);
  });
});
