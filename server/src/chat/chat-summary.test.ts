import { randomUUID } from 'node:crypto';
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
  expectStoredReply,
  failureContext,
  startChatServer,
  type ChatServer,
  type EventReader,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { captureLogs } from '../../test/faults/captured-logs';
import type { TestUser } from '../../test/test-users';
import { messages } from '../db/schema';
import { FIRST_REQUEST_INTRO, SUMMARY_INTRO } from './context';
import { SUMMARY_INSTRUCTIONS } from './summary';

/** A 4,096-token window: 3,072 for the prompt beside the 1,024 kept for the reply. */
const SMALL = 'gpt-3.5-turbo-0613';
/** About 900 tokens: three such messages fit the prompt, four do not. */
const filler = (word: string) => Array.from({ length: 900 }, () => word).join(' ');

// Each block gets its own fake: a turn's summary is asked for in the background after the reply, so the last
// turn of a test may still ask after the test ended — of a fake the next test no longer uses.

/** The summariser runs in the background after the reply: on a busy machine it may take a while to ask. */
const SUMMARY_POLL = { timeout: 60_000 };

const contextOf = (reader: EventReader) =>
  (reader.events.find((e) => e.event === 'created')?.data as Extract<ChatEvent, { type: 'created' }>).context;

describe.each([
  ['with a summary model', { OPENAI_SUMMARIZE: 'true', OPENAI_SUMMARY_MODEL: SMALL }],
  ['without one', {}],
] as const)('a conversation longer than the window, %s', (label, summaryEnv) => {
  describeEachEngine(label, (getDb, { getDatabase }) => {
    let fake: FakeOpenAI;
    let server: ChatServer;
    let user: TestUser;
    /** What the server warned of (a provider error, a retried save): shown when a reply is not the scripted one. */
    const warnings = captureLogs('warn');
    beforeAll(async () => {
      fake = await startFakeOpenAI();
      const env = chatEnv(fake, { OPENAI_MODELS: SMALL, ...summaryEnv });
      server = await startChatServer(getDatabase(), env, undefined, { logger: warnings.logger });
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
    });
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
    const asked = () => failureContext(fake, warnings);
    /** Each reply the turns build on is stored as the scripted one: 900 words, finished, not an error. */
    const expectWhole = (done: Awaited<ReturnType<typeof turn>>, word: string) =>
      expectStoredReply(getDb(), done, { first: word, words: 900 }, asked());

    it('keeps the first request, and summarises what no longer fits or says how much was left out', async () => {
      const summarising = 'OPENAI_SUMMARIZE' in summaryEnv;
      fake.script({ replies: [{ text: filler('apple') }, { text: filler('pear') }] });
      const first = await turn('GOAL: plan a trip to Lisbon', undefined, NO_PARENT);
      const conversationId = first.final.conversation.conversationId;
      expect(contextOf(first.reader)).toMatchObject({ windowTokens: 4096, droppedMessages: 0 });
      await expectWhole(first, 'apple');
      const second = await turn(filler('plum'), conversationId, first.final.responseMessage.messageId);
      await expectWhole(second, 'pear');

      // The third turn no longer fits: the first exchange is left out (truncation, said in `created`).
      fake.script({
        replies: [{ text: filler('pear') }, { text: 'The user plans a trip to Lisbon and likes apples.' }],
      });
      const third = await turn(filler('fig'), conversationId, second.final.responseMessage.messageId);
      expect(contextOf(third.reader), asked()).toMatchObject({ droppedMessages: 2 });
      expect(contextOf(third.reader)?.summarizedUpTo).toBeUndefined();
      const folded = first.final.responseMessage.messageId;

      if (!summarising) {
        expect(completionBodies(fake)).toHaveLength(3);
        return;
      }
      // In the background, the summariser: its own instructions, no tools, the left-out exchange (counting
      // the tokens of ~3,000 words first: on a loaded machine that alone may take many seconds).
      await expect
        .poll(async () => {
          const rows = await getDb()
            .select({ summary: messages.summary })
            .from(messages)
            .where(eq(messages.messageId, folded));
          return rows[0]?.summary;
        }, SUMMARY_POLL)
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
    }, 180_000);
  });
});

describeEachEngine('the summariser', (getDb, { getDatabase }) => {
  /**
   * Each test (and engine: both run in this process) its own summary model: the rest is kept per endpoint and
   * summary model on the instance.
   */
  const RESTING = `resting-summariser-${randomUUID()}`;
  const TOOLS = `tools-summariser-${randomUUID()}`;
  let fake: FakeOpenAI;
  let server: ChatServer;
  let user: TestUser;
  /** The server's warnings: a summariser's failure is counted when it logs it. */
  let warnings = captureLogs('warn');
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  /** A new fake and server for each test (see above). */
  const start = async (summaryModel: string) => {
    await server?.close();
    await fake?.close();
    fake = await startFakeOpenAI();
    warnings = captureLogs('warn');
    server = await startChatServer(
      getDatabase(),
      chatEnv(fake, { OPENAI_MODELS: SMALL, OPENAI_SUMMARIZE: 'true', OPENAI_SUMMARY_MODEL: summaryModel }),
      undefined,
      { logger: warnings.logger },
    );
    user = await chatUser(server);
  };
  const summaryWarnings = () =>
    warnings.messages.filter((message) => message.includes('could not summarise'));
  const turn = async (text: string, conversationId: string | undefined, parentMessageId: string) => {
    const reader = await askToEnd(server, user, {
      text,
      model: SMALL,
      parentMessageId,
      ...(conversationId ? { conversationId } : {}),
    });
    return { reader, final: reader.final() };
  };
  const summaryCalls = (model: string) => completionBodies(fake).filter((body) => body.model === model);

  it('rests after three failures in a row: no fourth summary request, the turns truncate meanwhile', async () => {
    await start(RESTING);
    const refused = { error: { status: 400, message: 'The summary model is not available.' } };
    fake.script({ replies: [{ text: filler('apple') }, { text: filler('pear') }] });
    const first = await turn('GOAL: plan a trip to Lisbon', undefined, NO_PARENT);
    const conversationId = first.final.conversation.conversationId;
    let parent = (await turn(filler('plum'), conversationId, first.final.responseMessage.messageId)).final
      .responseMessage.messageId;
    // Four turns that each leave messages out; the summariser fails the first three times it is asked.
    for (let failure = 1; failure <= 3; failure += 1) {
      fake.script({ replies: [{ text: filler('pear') }, refused] });
      const next = await turn(filler('fig'), conversationId, parent);
      expect(contextOf(next.reader)?.droppedMessages).toBeGreaterThan(0);
      parent = next.final.responseMessage.messageId;
      // Counted once the server has handled the refusal, not when the request reached the fake: the next
      // turn must find the failure counted.
      await expect.poll(() => summaryWarnings().length, SUMMARY_POLL).toBe(failure);
      expect(summaryCalls(RESTING)).toHaveLength(failure);
    }
    expect(summaryWarnings().at(-1)).toContain('three times in a row');
    fake.script({ replies: [{ text: filler('pear') }, { text: 'A summary that should not be asked for.' }] });
    const rested = await turn(filler('fig'), conversationId, parent);
    expect(contextOf(rested.reader)?.summarizedUpTo).toBeUndefined();
    expect(contextOf(rested.reader)?.droppedMessages).toBeGreaterThan(0);
    // The summary request of that turn would have left before the reply's `final`; the next chat request is
    // the signal that nothing was sent in between.
    fake.script({ replies: [{ text: 'Still here.' }] });
    await turn('And now?', conversationId, rested.final.responseMessage.messageId);
    expect(summaryCalls(RESTING)).toHaveLength(3);
    expect(completionBodies(fake).at(-1)).toMatchObject({ model: SMALL });
    const rows = await getDb()
      .select({ summary: messages.summary })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    expect(rows.filter((row) => row.summary)).toHaveLength(0);
  }, 120_000);

  it('summarises old turns made of tool calls alone with what their tools found', async () => {
    await start(TOOLS);
    const id = (i: number) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
    const toolTurn = (i: number, name: string, args: string, output: string) => ({
      messageId: id(i),
      parentMessageId: id(i - 1),
      isCreatedByUser: false,
      sender: 'GPT-4o',
      text: '',
      content: [
        {
          type: 'tool_call',
          tool_call: { id: `call_${i}`, type: 'function', name, arguments: args, output },
        },
      ],
    });
    const imported = await server.app.inject({
      method: 'POST',
      url: '/api/convos/import',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({
        conversationId: '10000000-0000-4000-8000-000000000026',
        title: 'Tools first',
        endpoint: 'openAI',
        model: SMALL,
        messages: [
          {
            messageId: id(0),
            parentMessageId: NO_PARENT,
            isCreatedByUser: true,
            sender: 'User',
            text: 'GOAL: plan a trip to Lisbon',
          },
          toolTurn(1, 'web_search', '{"query":"Lisbon hotels"}', 'Hotel Rio by the river: 120 EUR a night'),
          {
            messageId: id(2),
            parentMessageId: id(1),
            isCreatedByUser: true,
            sender: 'User',
            text: 'Weather?',
          },
          toolTurn(3, 'weather', '{"city":"Lisbon"}', 'Sunny, 25 °C all week'),
        ],
      }),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const conversationId = (imported.json() as { conversationIds: string[] }).conversationIds[0] ?? '';
    const history = await server.app.inject({
      url: `/api/messages/${conversationId}?limit=10`,
      headers: user.headers,
    });
    const last = (history.json() as { messages: Array<{ messageId: string }> }).messages.at(-1)?.messageId;

    fake.script({ replies: [{ text: filler('pear') }, { text: filler('kiwi') }] });
    const first = await turn(filler('fig'), conversationId, last ?? '');
    const second = await turn(filler('plum'), conversationId, first.final.responseMessage.messageId);
    fake.script({ replies: [{ text: 'Take the river hotel.' }, { text: 'Lisbon: Hotel Rio, sunny week.' }] });
    const third = await turn(filler('lime'), conversationId, second.final.responseMessage.messageId);
    expect(contextOf(third.reader)?.droppedMessages).toBeGreaterThan(0);

    await expect.poll(() => summaryCalls(TOOLS).length, SUMMARY_POLL).toBe(1);
    const transcript = JSON.stringify(summaryCalls(TOOLS)[0]?.messages);
    expect(transcript).toContain('GOAL: plan a trip to Lisbon');
    expect(transcript).toContain('web_search');
    expect(transcript).toContain('Hotel Rio by the river: 120 EUR a night');
    expect(transcript).toContain('Sunny, 25 °C all week');
    await expect
      .poll(async () => {
        const rows = await getDb()
          .select({ summary: messages.summary })
          .from(messages)
          .where(eq(messages.conversationId, conversationId));
        return rows.flatMap((row) => row.summary ?? []);
      }, SUMMARY_POLL)
      .toEqual(['Lisbon: Hotel Rio, sunny week.']);

    // The next prompt carries that summary and the first request, not the tool turns' raw messages.
    fake.script({ replies: [{ text: 'Booked.' }, { text: 'A later summary.' }] });
    const fourth = await turn('Book it', conversationId, third.final.responseMessage.messageId);
    expect(contextOf(fourth.reader)?.summarizedUpTo).toBeDefined();
    const prompt = JSON.stringify(
      completionBodies(fake)
        .filter((body) => body.model === SMALL)
        .at(-1)?.messages,
    );
    expect(prompt).toContain('Lisbon: Hotel Rio, sunny week.');
    expect(prompt).toContain('GOAL: plan a trip to Lisbon');
  }, 120_000);
});
