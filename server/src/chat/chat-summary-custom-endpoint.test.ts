import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
import { tempDir } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';
import type { Db } from '../db/client';
import { messages, usageLedger } from '../db/schema';
import { FIRST_REQUEST_INTRO, SUMMARY_INTRO } from './context';
import { SUMMARY_INSTRUCTIONS } from './summary';

/** A 4,096-token window (the model names the window): 3,072 for the prompt beside 1,024 for the reply. */
const SMALL = 'gpt-3.5-turbo-0613';
const SUMMARISER = 'cheap-summariser';
/** The summariser runs in the background after the reply: on a busy machine it may take a while. */
const POLL = { timeout: 30_000 };
/** About 900 tokens: three such messages fit the prompt, four do not. */
const filler = (word: string) => Array.from({ length: 900 }, () => word).join(' ');

// Each block gets its own fake: a turn's summary is asked for in the background after the reply, so the last
// turn of a block may still ask after its test ended — of a fake the next block no longer uses.

/**
 * A custom endpoint on the fake (reached through the OpenAI SDK), with LibreChat's summary keys on it, and
 * `topLevel` lines after it (the YAML `summarization` block).
 */
function configFile(fake: FakeOpenAI, summary: readonly string[], topLevel: readonly string[] = []): string {
  const path = join(tempDir(), 'librechat.yaml');
  writeFileSync(
    path,
    [
      'version: 1.0.8',
      'endpoints:',
      '  custom:',
      '    - name: Local',
      '      apiKey: sk-local',
      `      baseURL: ${fake.baseURL}`,
      `      models: { default: [${SMALL}, ${SUMMARISER}] }`,
      '      titleConvo: false',
      ...summary.map((line) => `      ${line}`),
      ...topLevel,
    ].join('\n'),
  );
  return path;
}

const contextOf = (reader: EventReader) =>
  (reader.events.find((e) => e.event === 'created')?.data as Extract<ChatEvent, { type: 'created' }>).context;

/** One turn on the custom endpoint `Local` (or the openAI endpoint), to its end. */
async function ask(
  server: ChatServer,
  user: TestUser,
  endpoint: 'Local' | 'openAI',
  text: string,
  thread: { conversationId?: string | undefined; parentMessageId: string },
) {
  const reader = await askToEnd(
    server,
    user,
    {
      ...(endpoint === 'Local' ? { endpoint: 'Local', endpointType: 'custom' } : {}),
      model: SMALL,
      text,
      parentMessageId: thread.parentMessageId,
      ...(thread.conversationId ? { conversationId: thread.conversationId } : {}),
    },
    endpoint === 'Local' ? { path: '/api/ask/custom' } : {},
  );
  return { reader, final: reader.final() };
}

async function summaryOn(db: Db, messageId: string): Promise<string | null | undefined> {
  const rows = await db
    .select({ summary: messages.summary })
    .from(messages)
    .where(eq(messages.messageId, messageId));
  return rows[0]?.summary;
}

/** The ledger rows of a conversation as `kind endpoint model`. */
async function ledgerOf(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ kind: usageLedger.kind, endpoint: usageLedger.endpoint, model: usageLedger.model })
    .from(usageLedger)
    .where(eq(usageLedger.conversationId, conversationId));
  return rows.map((row) => `${row.kind} ${row.endpoint} ${row.model}`);
}

describe.each([
  ['summarize: true with a summaryModel', ['summarize: true', `summaryModel: ${SUMMARISER}`], [], SUMMARISER],
  ['summarize: true without a summaryModel', ['summarize: true'], [], SMALL],
  ['no summarize', [`summaryModel: ${SUMMARISER}`], [], null],
  // The YAML block turns summaries on for every endpoint; its default model is the endpoint's cheap one.
  ['a YAML summarization block', [`summaryModel: ${SUMMARISER}`], ['summarization: {}'], SUMMARISER],
  ['summarization.enabled: false', ['summarize: true'], ['summarization: { enabled: false }'], null],
] as const)('a custom endpoint with %s', (label, yaml, topLevel, summaryModel) => {
  describeEachEngine(label, (getDb, { getDatabase }) => {
    let fake: FakeOpenAI;
    let server: ChatServer;
    let user: TestUser;
    /** What the server warned of (a provider error, a retried save): shown when a reply is not the scripted one. */
    const warnings = captureLogs('warn');
    beforeAll(async () => {
      fake = await startFakeOpenAI();
      // OPENAI_SUMMARIZE is off: the custom endpoint's own keys (or the YAML block) decide.
      server = await startChatServer(
        getDatabase(),
        chatEnv(fake, { CONFIG_PATH: configFile(fake, [...yaml], [...topLevel]) }),
        undefined,
        { logger: warnings.logger },
      );
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
    });
    beforeEach(async () => {
      fake.reset();
      user = await chatUser(server);
    });

    const turn = (text: string, conversationId: string | undefined, parentMessageId: string) =>
      ask(server, user, 'Local', text, { conversationId, parentMessageId });
    const asked = () => failureContext(fake, warnings);
    /** Each reply the turns build on is stored as the scripted one: 900 words, finished, not an error. */
    const expectWhole = (done: Awaited<ReturnType<typeof turn>>, word: string) =>
      expectStoredReply(getDb(), done, { first: word, words: 900 }, asked());

    it('summarises what no longer fits with its summary model, and the next prompt holds it', async () => {
      fake.script({ replies: [{ text: filler('apple') }, { text: filler('pear') }] });
      const first = await turn('GOAL: plan a trip to Lisbon', undefined, NO_PARENT);
      const conversationId = first.final.conversation.conversationId;
      await expectWhole(first, 'apple');
      const second = await turn(filler('plum'), conversationId, first.final.responseMessage.messageId);
      await expectWhole(second, 'pear');
      fake.script({
        replies: [{ text: filler('pear') }, { text: 'The user plans a trip to Lisbon and likes apples.' }],
      });
      const third = await turn(filler('fig'), conversationId, second.final.responseMessage.messageId);
      expect(contextOf(third.reader), asked()).toMatchObject({ windowTokens: 4096, droppedMessages: 2 });
      const folded = first.final.responseMessage.messageId;

      if (summaryModel === null) {
        // The summariser asks right after a reply; by the end of the next turn it would have.
        fake.script({ replies: [{ text: 'Book the hotel by the river.' }] });
        const fourth = await turn('Which hotel?', conversationId, third.final.responseMessage.messageId);
        expect(contextOf(fourth.reader)?.summarizedUpTo).toBeUndefined();
        expect(completionBodies(fake).map((body) => body.model)).toEqual([SMALL, SMALL, SMALL, SMALL]);
        expect((await summaryOn(getDb(), folded)) ?? null).toBeNull();
        return;
      }
      await expect
        .poll(() => summaryOn(getDb(), folded), POLL)
        .toBe('The user plans a trip to Lisbon and likes apples.');
      const summaryCall = completionBodies(fake)[3];
      expect(summaryCall).toMatchObject({ model: summaryModel });
      expect(summaryCall?.tools).toBeUndefined();
      expect(JSON.stringify(summaryCall?.messages)).toContain(SUMMARY_INSTRUCTIONS);
      expect(JSON.stringify(summaryCall?.messages)).toContain('GOAL: plan a trip to Lisbon');
      // Billed to the custom endpoint as a summary, with the model that made it.
      await expect
        .poll(() => ledgerOf(getDb(), conversationId), POLL)
        .toContain(`summary Local ${summaryModel}`);

      fake.script({ replies: [{ text: 'Book the hotel by the river.' }] });
      const fourth = await turn('Which hotel?', conversationId, third.final.responseMessage.messageId);
      expect(contextOf(fourth.reader)?.summarizedUpTo).toBe(folded);
      const prompt = JSON.stringify(completionBodies(fake)[4]?.messages);
      expect(completionBodies(fake)[4]).toMatchObject({ model: SMALL });
      expect(prompt).toContain(FIRST_REQUEST_INTRO);
      expect(prompt).toContain(SUMMARY_INTRO);
      expect(prompt).toContain('likes apples');
      expect(prompt).not.toContain(filler('apple'));
    });
  });
});

describeEachEngine(
  'the YAML summarization block with a provider, model, trigger ratio and summary length',
  (getDb, { getDatabase }) => {
    let fake: FakeOpenAI;
    let server: ChatServer;
    let user: TestUser;
    beforeAll(async () => {
      fake = await startFakeOpenAI();
      // The conversations run on the openAI endpoint (OPENAI_SUMMARIZE off); `Local` summarises them.
      const config = configFile(
        fake,
        [],
        [
          'summarization:',
          '  provider: Local',
          `  model: ${SUMMARISER}`,
          '  maxSummaryTokens: 321',
          '  trigger: { type: token_ratio, value: 0.5 }',
        ],
      );
      server = await startChatServer(
        getDatabase(),
        chatEnv(fake, { OPENAI_MODELS: SMALL, CONFIG_PATH: config }),
      );
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
    });
    beforeEach(async () => {
      fake.reset();
      user = await chatUser(server);
    });

    const turn = (text: string, conversationId: string | undefined, parentMessageId: string) =>
      ask(server, user, 'openAI', text, { conversationId, parentMessageId });

    it('summarises with the provider’s model once the prompt passes the ratio of the window, not before', async () => {
      fake.script({ replies: [{ text: filler('apple') }, { text: filler('pear') }] });
      const first = await turn('GOAL: plan a trip to Lisbon', undefined, NO_PARENT);
      const conversationId = first.final.conversation.conversationId;
      // About 1,800 tokens: below half of the 4,096-token window, no summary is due.
      const second = await turn(filler('plum'), conversationId, first.final.responseMessage.messageId);
      fake.script({
        replies: [{ text: 'Take tram 28.' }, { text: 'The user plans a trip to Lisbon and likes apples.' }],
      });
      // About 2,700 tokens: everything is still sent (3,072 fit), but past half of the window the oldest
      // exchange is summarised, up to the first reply (the newest message beyond the ratio's 2,048 tokens).
      const third = await turn('Which tram?', conversationId, second.final.responseMessage.messageId);
      expect(contextOf(third.reader)).toMatchObject({ windowTokens: 4096, droppedMessages: 0 });
      const folded = first.final.responseMessage.messageId;
      await expect
        .poll(() => summaryOn(getDb(), folded), POLL)
        .toBe('The user plans a trip to Lisbon and likes apples.');

      // One summary request, after the third turn only: on the provider (its key), its model, the summary cap.
      expect(completionBodies(fake).map((body) => body.model)).toEqual([SMALL, SMALL, SMALL, SUMMARISER]);
      const calls = fake.requests.filter((request) => request.path.endsWith('/chat/completions'));
      expect(calls.map((call) => call.headers.authorization)).toEqual([
        'Bearer sk-test',
        'Bearer sk-test',
        'Bearer sk-test',
        'Bearer sk-local',
      ]);
      expect(completionBodies(fake)[3]).toMatchObject({ model: SUMMARISER, max_tokens: 321 });
      expect(JSON.stringify(completionBodies(fake)[3]?.messages)).toContain('GOAL: plan a trip to Lisbon');
      await expect
        .poll(() => ledgerOf(getDb(), conversationId), POLL)
        .toContain(`summary Local ${SUMMARISER}`);

      // The next prompt: the first request and the summary, then the messages after the folded reply.
      fake.script({ replies: [{ text: 'Buy a Viva Viagem card.' }] });
      const fourth = await turn('Which ticket?', conversationId, third.final.responseMessage.messageId);
      expect(contextOf(fourth.reader)?.summarizedUpTo).toBe(folded);
      const prompt = JSON.stringify(completionBodies(fake)[4]?.messages);
      expect(prompt).toContain(SUMMARY_INTRO);
      expect(prompt).toContain('likes apples');
      expect(prompt).toContain(filler('plum'));
      expect(prompt).not.toContain(filler('apple'));
    });
  },
);
