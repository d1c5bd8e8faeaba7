import { eq } from 'drizzle-orm';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { NO_PARENT } from '@parley/shared/constants';
import type { ChatEvent } from '@parley/shared/stream/events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  askToEnd,
  chatEnv,
  chatUser,
  completionBodies,
  startChatServer,
  type ChatServer,
  type EventReader,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import type { TestUser } from '../../test/test-users';
import { messages } from '../db/schema';
import { FIRST_REQUEST_INTRO, SUMMARY_INTRO } from './context';
import { SUMMARY_INSTRUCTIONS } from './summary';

/** A 4,096-token window: 3,072 for the prompt beside the 1,024 kept for the reply. */
const SMALL = 'gpt-3.5-turbo-0613';
/** About 900 tokens: three such messages fit the prompt, four do not. */
const filler = (word: string) => Array.from({ length: 900 }, () => word).join(' ');

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const contextOf = (reader: EventReader) =>
  (reader.events.find((e) => e.event === 'created')?.data as Extract<ChatEvent, { type: 'created' }>).context;

describe.each([
  ['with a summary model', { OPENAI_SUMMARIZE: 'true', OPENAI_SUMMARY_MODEL: SMALL }],
  ['without one', {}],
] as const)('a conversation longer than the window, %s', (label, summaryEnv) => {
  describeEachEngine(label, (getDb, { getDatabase }) => {
    let server: ChatServer;
    let user: TestUser;
    beforeAll(async () => {
      server = await startChatServer(getDatabase(), chatEnv(fake, { OPENAI_MODELS: SMALL, ...summaryEnv }));
    });
    afterAll(() => server.close());
    beforeEach(async () => {
      fake.reset();
      user = await chatUser(server);
    });

    const turn = async (text: string, conversationId: string | undefined, parentMessageId: string) => {
      const reader = await askToEnd(server, user, {
        text,
        model: SMALL,
        parentMessageId,
        ...(conversationId ? { conversationId } : {}),
      });
      return { reader, final: reader.final() };
    };

    it('keeps the first request, and summarises what no longer fits or says how much was left out', async () => {
      const summarising = 'OPENAI_SUMMARIZE' in summaryEnv;
      fake.script({ replies: [{ text: filler('apple') }, { text: filler('pear') }] });
      const first = await turn('GOAL: plan a trip to Lisbon', undefined, NO_PARENT);
      const conversationId = first.final.conversation.conversationId;
      expect(contextOf(first.reader)).toMatchObject({ windowTokens: 4096, droppedMessages: 0 });
      const second = await turn(filler('plum'), conversationId, first.final.responseMessage.messageId);

      // The third turn no longer fits: the first exchange is left out (truncation, said in `created`).
      fake.script({
        replies: [{ text: filler('pear') }, { text: 'The user plans a trip to Lisbon and likes apples.' }],
      });
      const third = await turn(filler('fig'), conversationId, second.final.responseMessage.messageId);
      expect(contextOf(third.reader)).toMatchObject({ droppedMessages: 2 });
      expect(contextOf(third.reader)?.summarizedUpTo).toBeUndefined();
      const folded = first.final.responseMessage.messageId;

      if (!summarising) {
        expect(completionBodies(fake)).toHaveLength(3);
        return;
      }
      // In the background, the summariser: its own instructions, no tools, the left-out exchange.
      await expect
        .poll(async () => {
          const rows = await getDb()
            .select({ summary: messages.summary })
            .from(messages)
            .where(eq(messages.messageId, folded));
          return rows[0]?.summary;
        })
        .toBe('The user plans a trip to Lisbon and likes apples.');
      const summaryCall = completionBodies(fake)[3];
      expect(summaryCall?.tools).toBeUndefined();
      expect(JSON.stringify(summaryCall?.messages)).toContain(SUMMARY_INSTRUCTIONS);
      expect(JSON.stringify(summaryCall?.messages)).toContain('GOAL: plan a trip to Lisbon');

      // The next prompt: system prompt with the first request and the summary, then what came after.
      fake.script({ replies: [{ text: 'Book the hotel by the river.' }, { text: 'A later summary.' }] });
      const fourth = await turn('Which hotel?', conversationId, third.final.responseMessage.messageId);
      expect(contextOf(fourth.reader)?.summarizedUpTo).toBe(folded);
      const prompt = JSON.stringify(completionBodies(fake)[4]?.messages);
      expect(prompt).toContain(FIRST_REQUEST_INTRO);
      expect(prompt).toContain('GOAL: plan a trip to Lisbon');
      expect(prompt).toContain(SUMMARY_INTRO);
      expect(prompt).toContain('likes apples');
      expect(prompt).not.toContain(filler('apple'));

      // The messages API shows the summary on the message it stands for.
      const path = await server.app.inject({
        url: `/api/messages/${conversationId}?limit=20`,
        headers: user.headers,
      });
      const shown = (path.json() as { messages: Array<{ messageId: string; summary?: string }> }).messages;
      expect(shown.find((m) => m.messageId === folded)?.summary).toContain('Lisbon');
    });
  });
});
