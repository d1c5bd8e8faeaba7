import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { chatEnv, chatUser, startChatServer, type ChatServer } from '../chat-harness';
import { describeEachEngine } from '../describe-each-engine';
import { LISTING_ROUTES, NO_USER_ROWS, OWNED_ID_CASES, type OwnershipContext } from './ownership-cases';
import { call } from './ownership-probes';
import { registeredRoutes, routeKey } from './registered-routes';
import { seedRows } from './seed-rows';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

describeEachEngine(
  'ownership: another user’s ids are 404 and lists stay private',
  (_getDb, { getDatabase }) => {
    let server: ChatServer;
    let ctx: OwnershipContext;
    beforeAll(async () => {
      server = await startChatServer(
        getDatabase(),
        chatEnv(fake, {
          ASSISTANTS_API_KEY: 'sk-test',
          ASSISTANTS_BASE_URL: fake.baseURL,
          ASSISTANTS_MODELS: 'gpt-4o-mini',
        }),
      );
    });
    afterAll(() => server.close());
    beforeEach(async () => {
      fake.reset();
      const [a, b] = [await chatUser(server), await chatUser(server)];
      const aRows = await seedRows(server.app, server.database, a);
      const bRows = await seedRows(server.app, server.database, b);
      ctx = { server, fake, a, b, aRows, bRows };
    });

    it('classifies every registered route (add new ones to ownership-cases.ts)', () => {
      const covered = new Set([
        ...OWNED_ID_CASES.map((c) => c.route),
        ...Object.keys(LISTING_ROUTES),
        ...NO_USER_ROWS,
      ]);
      const unclassified = registeredRoutes(server.app)
        .map(routeKey)
        .filter((key) => !covered.has(key));
      expect(unclassified).toEqual([]);
      // A route with user rows is probed, never waved through as one without.
      const probed = new Set([...OWNED_ID_CASES.map((c) => c.route), ...Object.keys(LISTING_ROUTES)]);
      expect(NO_USER_ROWS.filter((key) => probed.has(key))).toEqual([]);
    });

    it.for(OWNED_ID_CASES)('$route: $name', async (ownershipCase) => {
      await ownershipCase.check(ctx);
    });

    it.for(Object.entries(LISTING_ROUTES))('%s never lists another user’s rows', async ([, urlFor]) => {
      const { a, b, aRows } = ctx;
      const needles = [aRows.marker, a.user.id, a.user.email];
      const asB = await call(server.app, b, 'GET', urlFor(aRows));
      expect(asB.statusCode, asB.body).toBeLessThan(300);
      for (const needle of needles) expect(asB.body).not.toContain(needle);
      const asA = await call(server.app, a, 'GET', urlFor(aRows));
      expect(
        needles.some((needle) => asA.body.includes(needle)),
        asA.body.slice(0, 300),
      ).toBe(true);
    });
  },
);
