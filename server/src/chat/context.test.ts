import { NO_PARENT } from '@parley/shared/constants';
import type { Message } from '@parley/shared/schemas/message';
import { describe, expect, it } from 'vitest';
import {
  buildContext,
  ContextLengthError,
  FIRST_REQUEST_INTRO,
  MESSAGE_OVERHEAD_TOKENS,
  REPLY_PRIMING_TOKENS,
  SUMMARY_INTRO,
} from './context';
import { fileText, type PromptFile } from './prompt-files';

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

  it('sends the first request and the summary in the system prompt, then only the messages after it', () => {
    const first = message('Plan a trip to Lisbon');
    const folded = message('Flights are booked', {
      isCreatedByUser: false,
      summary: 'Trip to Lisbon; flights booked.',
    });
    const after = message('Which hotel?');
    const reply = message('The one by the river', { isCreatedByUser: false });
    const built = buildContext({
      ...base,
      system: 'Be brief.',
      history: [first, message('More', { isCreatedByUser: false }), folded, after, reply],
      user: { text: 'Book it' },
      windowTokens: 1000,
    });
    expect(built.system).toBe(
      `Be brief.\n\n${FIRST_REQUEST_INTRO}\nPlan a trip to Lisbon\n\n${SUMMARY_INTRO}\nTrip to Lisbon; flights booked.`,
    );
    expect(built.messages.map((m) => m.parts[0])).toEqual([
      { type: 'text', text: 'Which hotel?' },
      { type: 'text', text: 'The one by the river' },
      { type: 'text', text: 'Book it' },
    ]);
    expect(built).toMatchObject({ summarizedUpTo: folded.messageId, dropped: 0, newestDropped: undefined });
  });

  it('names the newest message left out, where a summary would end', () => {
    const history = [message(words(40)), message(words(60)), message(words(20), { isCreatedByUser: false })];
    const built = buildContext({ ...base, history, user: { text: words(5) }, windowTokens: 100 });
    expect(built).toMatchObject({ dropped: 2, newestDropped: history[1]?.messageId, windowTokens: 100 });
    expect(built.summarizedUpTo).toBeUndefined();
    expect(built.system).toBeUndefined();
  });

  describe('the summary trigger (YAML summarization.trigger)', () => {
    // Three 20-word messages: 3 priming + (5 + 4) user + 3 × 24 = 84 tokens of a 200-token window.
    const history = [message(words(20)), message(words(20), { isCreatedByUser: false }), message(words(20))];
    const build = (summaryTrigger?: {
      type: 'token_ratio' | 'remaining_tokens' | 'messages_to_refine';
      value: number;
    }) => buildContext({ ...base, history, user: { text: words(5) }, windowTokens: 200, summaryTrigger });

    it('makes no summary due while nothing is left out, without a trigger', () => {
      expect(build()).toMatchObject({ dropped: 0, summaryUntil: undefined });
    });

    it('with a token ratio, folds what lies beyond that share of the window while still sending it', () => {
      // 0.3 × 200 = 60: the newest two messages fit (12 + 48 = 60), the oldest does not.
      expect(build({ type: 'token_ratio', value: 0.3 })).toMatchObject({
        dropped: 0,
        summaryUntil: history[0]?.messageId,
      });
      expect(build({ type: 'token_ratio', value: 0.2 })).toMatchObject({
        summaryUntil: history[1]?.messageId,
      });
      // 0.5 × 200 = 100 ≥ 84: below the ratio, no summary.
      expect(build({ type: 'token_ratio', value: 0.5 }).summaryUntil).toBeUndefined();
    });

    it('with remaining tokens, folds once fewer than that many would be left', () => {
      expect(build({ type: 'remaining_tokens', value: 140 }).summaryUntil).toBe(history[0]?.messageId);
      expect(build({ type: 'remaining_tokens', value: 100 }).summaryUntil).toBeUndefined();
    });

    it('with messages to refine, waits until that many messages are left out', () => {
      const small = (value: number) =>
        buildContext({
          ...base,
          history,
          user: { text: words(5) },
          windowTokens: 70,
          summaryTrigger: { type: 'messages_to_refine', value },
        });
      // 70 − 10 = 60 of room: 12 + 24 + 24 fits two messages, the oldest is left out.
      expect(small(1)).toMatchObject({ dropped: 1, summaryUntil: history[0]?.messageId });
      expect(small(2)).toMatchObject({ dropped: 1, summaryUntil: undefined });
    });
  });

  describe('with files', () => {
    const image: PromptFile = {
      kind: 'image',
      filename: 'cat.png',
      mimeType: 'image/png',
      url: 'data:image/png;base64,AAAA',
      width: 100,
      height: 100,
      detail: 'auto',
    };
    const doc: PromptFile = { kind: 'document', filename: 'notes.txt', text: 'alpha beta gamma' };
    const pdf: PromptFile = { kind: 'named', filename: 'a.pdf', mimeType: 'application/pdf' };

    it('sends images, then delimited document text, then the user’s own text', () => {
      const built = buildContext({
        ...base,
        history: [],
        user: { text: 'summarise', files: [doc, image, pdf] },
        windowTokens: 10_000,
      });
      expect(built.messages).toEqual([
        {
          role: 'user',
          parts: [
            { type: 'image', url: 'data:image/png;base64,AAAA', mimeType: 'image/png', detail: 'auto' },
            { type: 'text', text: '<file name="notes.txt">\nalpha beta gamma\n</file>' },
            { type: 'text', text: expect.stringContaining('"a.pdf" (application/pdf)') as unknown },
            { type: 'text', text: 'summarise' },
          ],
        },
      ]);
    });

    it('counts document text and the image estimate against the window', () => {
      const built = buildContext({
        ...base,
        history: [],
        user: { text: 'hi', files: [image, doc] },
        windowTokens: 10_000,
      });
      const docTokens = countWords(fileText(doc));
      expect(built.promptTokens).toBe(REPLY_PRIMING_TOKENS + 1 + 255 + docTokens + MESSAGE_OVERHEAD_TOKENS);
      expect(built.userTokens).toBe(1);
    });

    it('attaches earlier messages’ files to their own turns and drops them with their message', () => {
      const old = message('look at this');
      const reply = message('a cat', { isCreatedByUser: false });
      const historyFiles = new Map([[old.messageId, [image]]]);
      const input = { ...base, history: [old, reply], user: { text: 'and?' }, historyFiles };
      const roomy = buildContext({ ...input, windowTokens: 1000 });
      expect(roomy.messages[0]?.parts.map((part) => part.type)).toEqual(['image', 'text']);
      expect(roomy.messages[1]?.parts).toEqual([{ type: 'text', text: 'a cat' }]);
      // Without the image's 255 tokens the first message would fit; with them it is left out.
      const tight = buildContext({ ...input, windowTokens: 200 });
      expect(tight.dropped).toBe(1);
      expect(tight.messages.some((m) => m.parts.some((part) => part.type === 'image'))).toBe(false);
    });

    it('fails with context_length when the user message’s files alone overflow the window', () => {
      const big: PromptFile = { ...doc, text: words(200) };
      const build = () =>
        buildContext({ ...base, history: [], user: { text: 'hi', files: [big] }, windowTokens: 100 });
      expect(build).toThrow(ContextLengthError);
    });
  });
});
