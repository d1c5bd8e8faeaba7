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
  startChatServer,
  type ChatServer,
  type EventReader,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';
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

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

/** A custom endpoint on the fake (reached through the OpenAI SDK), with LibreChat's summary keys. */
function configFile(summary: string[]): string {
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
    ].join('\n'),
  );
  return path;
}

const contextOf = (reader: EventReader) =>
  (reader.events.find((e) => e.event === 'created')?.data as Extract<ChatEvent, { type: 'created' }>).context;

describe.each([
  ['summarize: true with a summaryModel', ['summarize: true', `summaryModel: ${SUMMARISER}`], SUMMARISER],
  ['summarize: true without a summaryModel', ['summarize: true'], SMALL],
  ['no summarize', ['summaryModel: cheap-summariser'], null],
] as const)('a custom endpoint with %s', (label, yaml, summaryModel) => {
  describeEachEngine(label, (getDb, { getDatabase }) => {
    let server: ChatServer;
    let user: TestUser;
    beforeAll(async () => {
      // OPENAI_SUMMARIZE is off: the custom endpoint's own keys decide.
      server = await startChatServer(getDatabase(), chatEnv(fake, { CONFIG_PATH: configFile([...yaml]) }));
    });
    afterAll(() => server.close());
    beforeEach(async () => {
      fake.reset();
      user = await chatUser(server);
    });

    const turn = async (text: string, conversationId: string | undefined, parentMessageId: string) => {
      const reader = await askToEnd(
        server,
        user,
        {
          endpoint: 'Local',
          endpointType: 'custom',
          model: SMALL,
          text,
          parentMessageId,
          ...(conversationId ? { conversationId } : {}),
        },
        { path: '/api/ask/custom' },
      );
      return { reader, final: reader.final() };
    };

    it('summarises what no longer fits with its summary model, and the next prompt holds it', async () => {
      fake.script({ replies: [{ text: filler('apple') }, { text: filler('pear') }] });
      const first = await turn('GOAL: plan a trip to Lisbon', undefined, NO_PARENT);
      const conversationId = first.final.conversation.conversationId;
      const second = await turn(filler('plum'), conversationId, first.final.responseMessage.messageId);
      fake.script({
        replies: [{ text: filler('pear') }, { text: 'The user plans a trip to Lisbon and likes apples.' }],
      });
      const third = await turn(filler('fig'), conversationId, second.final.responseMessage.messageId);
      expect(contextOf(third.reader)).toMatchObject({ windowTokens: 4096, droppedMessages: 2 });
      const folded = first.final.responseMessage.messageId;

      if (summaryModel === null) {
        expect(completionBodies(fake)).toHaveLength(3);
        const rows = await getDb()
          .select({ summary: messages.summary })
          .from(messages)
          .where(eq(messages.messageId, folded));
        expect(rows[0]?.summary ?? null).toBeNull();
        return;
      }
      await expect
        .poll(async () => {
          const rows = await getDb()
            .select({ summary: messages.summary })
            .from(messages)
            .where(eq(messages.messageId, folded));
          return rows[0]?.summary;
        }, POLL)
        .toBe('The user plans a trip to Lisbon and likes apples.');
      const summaryCall = completionBodies(fake)[3];
      expect(summaryCall).toMatchObject({ model: summaryModel });
      expect(summaryCall?.tools).toBeUndefined();
      expect(JSON.stringify(summaryCall?.messages)).toContain(SUMMARY_INSTRUCTIONS);
      expect(JSON.stringify(summaryCall?.messages)).toContain('GOAL: plan a trip to Lisbon');
      // Billed to the custom endpoint as a summary, with the model that made it.
      await expect
        .poll(
          async () =>
            (
              await getDb()
                .select({ kind: usageLedger.kind, endpoint: usageLedger.endpoint, model: usageLedger.model })
                .from(usageLedger)
                .where(eq(usageLedger.conversationId, conversationId))
            ).map((row) => `${row.kind} ${row.endpoint} ${row.model}`),
          POLL,
        )
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
