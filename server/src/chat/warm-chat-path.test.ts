// The warm-up after start (issue 28): it builds the statements every turn sends on the server's handle and
// writes nothing, on both engines.
import type { Logger } from 'drizzle-orm/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { builtOn } from '../db/prepared';
import { createTestDatabase, postgresSkipReason, TEST_ENGINES } from '../../test/test-database';
import { warmChatPath } from './warm-chat-path';

class StatementLog implements Logger {
  readonly statements: string[] = [];
  logQuery(query: string): void {
    this.statements.push(query);
  }
}

for (const engine of TEST_ENGINES) {
  describe.skipIf(engine === 'postgres' && postgresSkipReason() !== undefined)(
    `[${engine}] warming the chat path`,
    () => {
      const log = new StatementLog();
      let database: Database;
      beforeAll(async () => {
        database = await createTestDatabase(engine, { logger: log });
      });
      afterAll(() => database.close());

      it('builds the turn statements on the handle and sends nothing to the database', async () => {
        let configRead = 0;
        const endpoints = {
          getEndpointsConfig: () => {
            configRead += 1;
            return Promise.resolve({});
          },
        };
        log.statements.length = 0;
        await warmChatPath({ db: database.db, endpoints }, ['gpt-4o-mini']);
        expect(builtOn(database.db).sort()).toEqual([
          'parley_turn_rows',
          'parley_turn_rows_reply',
          'parley_upsert_message',
        ]);
        expect(configRead).toBe(1);
        expect(log.statements).toEqual([]);
      });
    },
  );
}
