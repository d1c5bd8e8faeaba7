import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatEnv } from '../chat-harness';
import { buildTestApp, type TestApp } from '../test-app';
import { createTestUser, type TestUser } from '../test-users';
import { describeRequest, fuzzRequest, send } from './fuzz-request';
import { fuzzTable, type FuzzFixtures, type RouteFuzz } from './fuzz-table';
import { registeredRoutes, routeKey, type RegisteredRoute } from './registered-routes';
import { problemsOf } from './response-checks';
import { seedRows } from './seed-rows';

/** Runs per route: enough to meet every kind of hostile value, few enough for ~30 routes on 2 cores. */
const RUNS = Number(process.env.HOSTILE_FUZZ_RUNS ?? 40);

/** Row keys do not depend on the fixtures, so the tests can be declared before any app exists. */
const ROUTE_KEYS = Object.keys(fuzzTable({ conversationId: '', messageId: '', keyName: '', presetId: '' }));

let fake: FakeOpenAI;
let testApp: TestApp;
let baseUrl: string;
let userA: TestUser;
let routes: RegisteredRoute[];
let fixtures: FuzzFixtures;
/** Input-free routes need only a few runs. */
const runsFor = (row: RouteFuzz) => ((row.params ?? row.query ?? row.headers ?? row.body) ? RUNS : 5);
/** Errors behind any 5xx, for the failure report. */
const serverErrors: string[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAI();
  testApp = await buildTestApp({
    env: chatEnv(fake, {
      ASSISTANTS_API_KEY: 'sk-test',
      ASSISTANTS_BASE_URL: fake.baseURL,
      LOGIN_MAX: '100000',
      REGISTER_MAX: '100000',
      BAN_VIOLATIONS: '100000',
    }),
  });
  testApp.app.addHook('onError', async (_request, _reply, error) => {
    serverErrors.push(error.stack ?? String(error));
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  routes = registeredRoutes(testApp.app);
});

afterAll(async () => {
  await testApp.close();
  await fake.close();
});

beforeEach(async () => {
  // A user of its own for each route: what one route's requests created or deleted does not slow or
  // starve the next (an import of a deep tree makes the export big).
  userA = await createTestUser(testApp, { password: null });
  fixtures = await seedRows(testApp.app, testApp.database, userA);
  serverErrors.length = 0;
});

describe('hostile input on every route', () => {
  it('has a fuzz table row for every registered route', () => {
    const missing = routes.map(routeKey).filter((key) => !ROUTE_KEYS.includes(key));
    expect(missing, 'add these routes to test/hostile/fuzz-table.ts').toEqual([]);
  });

  it.for(ROUTE_KEYS)('%s: never a 5xx, a stack trace or an unreadable 4xx', async (key, context) => {
    const route = routes.find((candidate) => routeKey(candidate) === key);
    if (!route) return context.skip(`${key} is not registered (yet)`);
    const row = fuzzTable(fixtures)[key];
    if (!row) throw new Error(`no row for ${key}`);
    await fc.assert(
      fc.asyncProperty(fuzzRequest(route, row, userA.headers.authorization), async (request) => {
        const response = await send(testApp.app, baseUrl, request, row.success === 'stream');
        const problems = problemsOf(response, row.success);
        if (problems.length > 0) {
          const cause = serverErrors.at(-1)?.split('\n').slice(0, 6).join('\n') ?? '';
          throw new Error(`${problems.join('; ')}\n${describeRequest(request)}\n${cause}`);
        }
      }),
      // No shrinking: a shrink of megabyte bodies takes longer than the suite; the report names the input.
      { numRuns: runsFor(row), endOnFailure: true },
    );
  });
});
