import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestDatabase } from '../../test/test-database';
import { users } from './schema';

describeEachEngine('openDatabase', (getDb, { engine, getDatabase }) => {
  it('answers ping and reports its engine', async () => {
    await expect(getDatabase().ping()).resolves.toBeUndefined();
    expect(getDatabase().kind).toBe(engine);
    expect(getDatabase().driver.kind).toBe(engine);
    expect(await getDb().$count(users)).toBe(0);
  });

  it('can be closed twice, after which queries fail', async () => {
    const database = await createTestDatabase(engine);
    await database.close();
    await database.close();
    await expect(database.ping()).rejects.toThrow();
  });
});
