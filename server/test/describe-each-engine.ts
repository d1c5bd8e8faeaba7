import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import type { Database, Db } from '../src/db/client';
import {
  createTestDatabase,
  postgresSkipReason,
  TEST_ENGINES,
  truncateAllTables,
  type TestEngine,
} from './test-database';

export interface EngineSuite {
  engine: TestEngine;
  /** The open database of the current test (the `Database` wrapper, for driver-specific needs). */
  getDatabase: () => Database;
}

/**
 * How tests of one engine variant are kept apart:
 * - `'tables'` (default): one migrated database per variant, every table emptied after each test (~20 ms);
 * - `'database'`: a new migrated database per test (PGlite ~0.4 s, PostgreSQL ~0.1 s), for tests that
 *   change the schema, settings or leave connections busy;
 * - `'none'`: one database shared by the variant's tests, which then must not depend on each other's rows.
 */
export type EngineIsolation = 'tables' | 'database' | 'none';

export interface DescribeEachEngineOptions {
  isolate?: EngineIsolation;
}

/**
 * Declares the suite twice, as `[pglite] <name>` and `[postgres] <name>`, each with a migrated database
 * behind `getDb()`. The PostgreSQL variant is skipped (the global setup warned why) when PostgreSQL is
 * unreachable outside CI.
 */
export function describeEachEngine(
  name: string,
  body: (getDb: () => Db, suite: EngineSuite) => void,
  options: DescribeEachEngineOptions = {},
): void {
  const isolate = options.isolate ?? 'tables';
  for (const engine of TEST_ENGINES) {
    const skip = engine === 'postgres' && postgresSkipReason() !== undefined;
    describe.skipIf(skip)(`[${engine}] ${name}`, () => {
      let current: Database | undefined;
      const getDatabase = (): Database => {
        if (!current) throw new Error('no test database open: call getDb() inside a test or hook');
        return current;
      };
      const [open, close] = isolate === 'database' ? [beforeEach, afterEach] : [beforeAll, afterAll];
      open(async () => {
        current = await createTestDatabase(engine);
      });
      if (isolate === 'tables') afterEach(() => truncateAllTables(getDatabase()));
      close(async () => {
        await current?.close();
        current = undefined;
      });
      body(() => getDatabase().db, { engine, getDatabase });
    });
  }
}
