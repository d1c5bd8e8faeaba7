// The database work of one new chat, statement by statement (issue 28): every statement drizzle sends while
// a new conversation is asked, answered and titled, on both engines, with balance checking off and on.
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import { askToEnd, chatEnv, chatUser, startChatServer, type ChatServer } from '../../test/chat-harness';
import { createTestDatabase, postgresSkipReason, TEST_ENGINES } from '../../test/test-database';
import type { TestUser } from '../../test/test-users';

/** Every statement sent while `recording` is on, as drizzle sent it. */
class StatementLog implements Logger {
  recording = false;
  readonly statements: string[] = [];
  logQuery(query: string): void {
    if (this.recording) this.statements.push(query);
  }
}

/** A statement in a few words: the tables it writes or reads, in order ("insert conversations, …"). */
export function describeStatement(query: string): string {
  const text = query.replace(/\s+/gu, ' ').trim().toLowerCase();
  const parts = [...text.matchAll(/(insert into|(?<!do )update|delete from|from) "?([a-z_]+)"?/gu)]
    .map(([, verb, table]) => `${verb?.split(' ')[0] ?? ''} ${table ?? ''}`)
    .filter((part) => !/^from (turn_|ledger_row|usage_rows|released|alongside)/u.test(part));
  return [...new Set(parts)].join(', ');
}

/** The columns each RETURNING of a statement lists (a CTE's too). */
const returnedColumns = (query: string): string[] =>
  query
    .toLowerCase()
    .split(' returning ')
    .slice(1)
    .flatMap((rest) =>
      [...(rest.split(')')[0] ?? '').matchAll(/"([a-z_]+)"/gu)].map(([, column]) => column ?? ''),
    );

/**
 * Columns of a written row that nobody reads back from a save: the texts and JSON the caller sent. (A turn's
 * conversation is read back whole: it may be an existing one, whose other fields the turn did not write.)
 */
const WRITTEN_BULK = ['text', 'content', 'files', 'sources'];

const skipPostgres = postgresSkipReason() !== undefined;

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

for (const engine of TEST_ENGINES) {
  for (const balance of [false, true]) {
    describe.skipIf(engine === 'postgres' && skipPostgres)(
      `[${engine}] the statements of one new chat, balance ${balance ? 'on' : 'off'}`,
      () => {
        const log = new StatementLog();
        let database: Database;
        let server: ChatServer;
        let user: TestUser;
        // Frozen while a chat is recorded, so no per-instance cache (account status, budgets) expires then.
        let frozen: Date | undefined;
        const env: Env = {
          TITLE_CONVO: 'true',
          ...(balance ? { CHECK_BALANCE: 'true', START_BALANCE: '1000000' } : {}),
        };

        beforeAll(async () => {
          database = await createTestDatabase(engine, { logger: log });
          server = await startChatServer(database, chatEnv(fake, env), undefined, {
            now: () => frozen ?? new Date(),
          });
          user = await chatUser(server);
        });
        afterAll(async () => {
          await server.close();
          await database.close();
        });

        /** One new chat to its title; the statements it sent. */
        const newChat = async (): Promise<string[]> => {
          fake.script({
            replies: [
              {
                text: 'Hello there, how can I help?',
                chunkSize: 6,
                usage: { prompt_tokens: 9, completion_tokens: 7 },
              },
              { text: 'A Friendly Greeting', usage: { prompt_tokens: 30, completion_tokens: 3 } },
            ],
          });
          log.statements.length = 0;
          log.recording = true;
          const reader = await askToEnd(server, user, { text: 'Hello' });
          const { conversationId } = reader.final().conversation;
          // The title comes after `final`: it is the chat's last write.
          await expect
            .poll(() => log.statements.filter((query) => query.includes('"title" = ')).length)
            .toBe(1);
          log.recording = false;
          // Sent is not yet committed: the title is read until its statement has run.
          const title = async () => {
            const { rows } = await database.db.execute<{ title: string }>(
              sql`select title from conversations where conversation_id = ${conversationId}`,
            );
            return rows[0]?.title;
          };
          await expect.poll(title).toBe('A Friendly Greeting');
          return [...log.statements];
        };

        it('sends the fewest statements, none returning what the caller already has', async () => {
          // The first chat fills what an instance keeps (the account status, the budgets list). The clock stands
          // still from before it: on a loaded machine the first chat alone may outlast what is kept (5 s).
          frozen = new Date();
          await newChat();
          const statements = await newChat();
          frozen = undefined;
          const described = statements.map(describeStatement);
          console.log(`[${engine}] balance ${balance ? 'on' : 'off'}:\n  ${described.join('\n  ')}`);
          expect(described).toEqual(EXPECTED[balance ? 'on' : 'off']);
          for (const query of statements) {
            expect(returnedColumns(query).filter((column) => WRITTEN_BULK.includes(column))).toEqual([]);
          }
          // The title's statement (with its bill) reads back ids and the balance, no conversation.
          const title = statements.find((query) => query.includes('"title" = ')) ?? '';
          expect(
            returnedColumns(title).filter(
              (column) => !['id', 'conversation_id', 'token_credits'].includes(column),
            ),
          ).toEqual([]);
        });
      },
    );
  }
}

/**
 * Balance off: the turn (conversation with its leaf and context, user message, the reply's first save), the
 * reply, its bill, the title with its bill. Balance on: the balance is read first, and each bill debits it.
 */
const TURN = 'insert conversations, from messages, insert messages';
const REPLY = 'insert messages, from conversations';
const EXPECTED: Record<'on' | 'off', string[]> = {
  off: [
    TURN,
    REPLY,
    'insert usage_ledger, from users, insert transactions',
    'insert usage_ledger, from users, update conversations, insert transactions',
  ],
  on: [
    'from balances',
    TURN,
    REPLY,
    'insert usage_ledger, from users, insert transactions, insert balances',
    'insert usage_ledger, from users, update conversations, insert transactions, insert balances',
  ],
};
