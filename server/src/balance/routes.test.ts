import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { testConfig } from '../../test/test-app';
import { buildApp } from '../app';
import { createTestUser } from '../../test/test-users';
import { recordUsage } from '../ledger/record';

describeEachEngine('GET /api/balance', (getDb, { getDatabase }) => {
  const start = async (env: Record<string, string>) => {
    const config = testConfig(env);
    const app = await buildApp({ config, database: getDatabase() });
    const user = await createTestUser({ database: getDatabase(), config }, { password: null });
    return { app, user };
  };

  it('answers START_BALANCE for a new user, then the balance after spending', async () => {
    const { app, user } = await start({ CHECK_BALANCE: 'true', START_BALANCE: '5000' });
    try {
      const first = await app.inject({ url: '/api/balance', headers: user.headers });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ balance: 5000 });
      await recordUsage(
        getDb(),
        {
          userId: user.user.id,
          kind: 'chat',
          endpoint: 'openAI',
          model: 'gpt-3.5-turbo',
          promptTokens: 1000,
          completionTokens: 1000,
        },
        { enabled: true, startBalance: 5000 },
      );
      const after = await app.inject({ url: '/api/balance', headers: user.headers });
      expect(after.json()).toEqual({ balance: 3000 });
      expect((await app.inject({ url: '/api/balance' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
