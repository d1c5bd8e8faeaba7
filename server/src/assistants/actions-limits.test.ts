// Big OpenAPI specs saved as actions, over HTTP (issue 22 finding 3): the limits on operations per spec and
// on an assistant's tools answer 400 with a readable message and store nothing, a user's specs are checked
// one at a time with a 429 past a few, and the parse, validation and planning run off the event loop.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { MAX_ACTION_OPERATIONS } from '@parley/shared/schemas/action';
import {
  assistantSchema,
  MAX_ASSISTANT_TOOLS,
  MAX_ASSISTANT_TOOLS_CHARS,
  type Assistant,
} from '@parley/shared/schemas/assistant';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { threadCpuMs, watchEventLoop } from '../../test/event-loop-watch';
import { createTestUser, type TestUser } from '../../test/test-users';
import { prepareActionSpec } from '../actions/spec-check';
import { manyOperationsSpec, responseHeavySpec, sharedSchemaSpec } from '../actions/test-specs';
import {
  BUSY_OWNER,
  FUNCTIONS_TOO_LARGE,
  MAX_SPECS_PER_OWNER,
  tooManyOperations,
} from '../actions/validate-spec';

// Spec checks start worker threads (TypeScript from sources under Vitest): slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const ENV = { OLLAMA_BASE_URL: 'off', ASSISTANTS_API_KEY: 'sk-test', ASSISTANTS_MODELS: 'gpt-4o-mini' };
const count = (value: number): string => value.toLocaleString('en-US');

describeEachEngine('action specs: limits, turns and the event loop', (_getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let built: Awaited<ReturnType<typeof buildAppOn>>;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    built = await buildAppOn(getDatabase(), { env: ENV });
    app = built.app;
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    alice = await createTestUser(built, { password: null });
    bob = await createTestUser(built, { password: null });
  });

  const createAssistant = async (user: TestUser): Promise<Assistant> => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/assistants',
      headers: user.headers,
      payload: { model: 'gpt-4o-mini', name: 'Big API' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return assistantSchema.parse(response.json());
  };
  /** The save body as a string, built before any measured window. */
  const saveBody = (rawSpec: string, actionId?: string): string =>
    JSON.stringify({
      model: 'gpt-4o-mini',
      ...(actionId ? { action_id: actionId } : {}),
      metadata: { raw_spec: rawSpec, auth: { type: 'none' } },
    });
  const save = (user: TestUser, assistantId: string, body: string) =>
    app.inject({
      method: 'POST',
      url: `/api/assistants/actions/${assistantId}`,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: body,
    });
  const saved = async (user: TestUser, assistantId: string, body: string) => {
    const response = await save(user, assistantId, body);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const [, assistant, action] = response.json<[unknown, Assistant, { action_id: string }]>();
    return { assistant, actionId: action.action_id };
  };
  /** The user's stored actions and the assistant's stored tools. */
  const stored = async (user: TestUser, assistantId: string) => {
    const actions = await app.inject({ url: '/api/assistants/actions', headers: user.headers });
    const assistant = await app.inject({ url: `/api/assistants/${assistantId}`, headers: user.headers });
    return {
      actions: actions.json<{ metadata: { domain: string } }[]>().map((action) => action.metadata.domain),
      tools: assistantSchema.parse(assistant.json()).tools.length,
    };
  };
  const refusal = (response: { statusCode: number; json: () => unknown }) => ({
    status: response.statusCode,
    body: response.json(),
  });

  it(`refuses a spec of more than ${MAX_ACTION_OPERATIONS} operations with a 400 naming the limit, storing nothing`, async () => {
    const assistant = await createAssistant(alice);
    const review = saveBody(manyOperationsSpec(3_000, 'big.example.com', 990_000));
    const message =
      `The OpenAPI spec has 3,000 operations; an action may have at most ${count(MAX_ACTION_OPERATIONS)}. ` +
      'Keep the operations the assistant needs and remove the others.';
    expect(refusal(await save(alice, assistant.id, review))).toEqual({
      status: 400,
      body: { message, fields: { raw_spec: message } },
    });
    expect(await stored(alice, assistant.id)).toEqual({ actions: [], tools: 0 });
  });

  it(`refuses an action that would give the assistant more than ${MAX_ASSISTANT_TOOLS} tools, storing nothing`, async () => {
    const assistant = await createAssistant(alice);
    const first = await saved(alice, assistant.id, saveBody(manyOperationsSpec(100, 'one.example.com')));
    expect(first.assistant.tools).toHaveLength(100);
    const over = await save(alice, assistant.id, saveBody(manyOperationsSpec(29, 'two.example.com')));
    const message =
      `The assistant would have 129 tools; an assistant may have at most ${MAX_ASSISTANT_TOOLS}. This action ` +
      'adds 29 functions to its 100 other tools: remove operations from the spec or tools from the assistant.';
    expect(refusal(over)).toEqual({ status: 400, body: { message, fields: { raw_spec: message } } });
    expect(await stored(alice, assistant.id)).toEqual({ actions: ['one.example.com'], tools: 100 });
    // An action replaced counts its new functions only, not its old ones too.
    const replaced = await saved(
      alice,
      assistant.id,
      saveBody(manyOperationsSpec(MAX_ASSISTANT_TOOLS, 'one.example.com'), first.actionId),
    );
    expect(replaced.assistant.tools).toHaveLength(MAX_ASSISTANT_TOOLS);
  });

  it('refuses functions larger than an assistant’s tools may be, alone or with its other tools', async () => {
    const assistant = await createAssistant(alice);
    // 143 KB of spec whose one shared schema, copied into every function, would make 13.5 MB of tools.
    const expanding = await save(
      alice,
      assistant.id,
      saveBody(sharedSchemaSpec(128, 'x.example.com', 1_500)),
    );
    expect(refusal(expanding)).toEqual({
      status: 400,
      body: { message: FUNCTIONS_TOO_LARGE, fields: { raw_spec: FUNCTIONS_TOO_LARGE } },
    });
    // ~918,000 characters of functions fit; ~459,000 more do not.
    await saved(alice, assistant.id, saveBody(sharedSchemaSpec(60, 'a.example.com', 200)));
    const over = await save(alice, assistant.id, saveBody(sharedSchemaSpec(30, 'b.example.com', 200)));
    expect(over.statusCode).toBe(400);
    const { message } = over.json<{ message: string }>();
    expect(message).toMatch(
      new RegExp(
        `^The assistant's tools would take [\\d,]+ characters; at most ${count(MAX_ASSISTANT_TOOLS_CHARS)}\\. ` +
          `This action's functions take [\\d,]+: remove operations from the spec or tools from the assistant\\.$`,
      ),
    );
    expect(await stored(alice, assistant.id)).toEqual({ actions: ['a.example.com'], tools: 60 });
  });

  it('answers 429 to a user with too many specs being checked, and checks another user’s at once', async () => {
    const assistants = await Promise.all(
      Array.from({ length: MAX_SPECS_PER_OWNER + 1 }, () => createAssistant(alice)),
    );
    const bobs = await createAssistant(bob);
    // Distinct ~1 MB specs, each taking a worker for a while.
    const bodies = assistants.map((_, i) => saveBody(responseHeavySpec(120, `rec${i}.example.com`)));
    const small = saveBody(manyOperationsSpec(1, 'small.example.com'));
    const responses = await Promise.all([
      ...assistants.map((assistant, i) => save(alice, assistant.id, bodies[i] ?? '')),
      save(bob, bobs.id, small),
    ]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_SPECS_PER_OWNER + 1);
    const busy = responses.find((response) => response.statusCode === 429);
    expect(busy?.json()).toEqual({ message: BUSY_OWNER, code: 'action_check_busy' });
    expect(statuses.at(-1)).toBe(200);
    expect((await stored(alice, assistants[0]?.id ?? '')).actions).toHaveLength(MAX_SPECS_PER_OWNER);
  });

  it('parses, validates and plans big specs off the event loop', async () => {
    const [mine, other] = await Promise.all([createAssistant(alice), createAssistant(bob)]);
    const extra = await Promise.all([createAssistant(alice), createAssistant(alice)]);
    // Workers started (from TypeScript sources) before the measured window.
    await saved(bob, other.id, saveBody(manyOperationsSpec(1, 'warm.example.com')));
    const heavy = responseHeavySpec(120, 'records.example.com');
    const bodies = {
      review: saveBody(manyOperationsSpec(3_000, 'big.example.com', 990_000)),
      expanding: saveBody(sharedSchemaSpec(128, 'x.example.com', 1_500)),
      heavy: saveBody(heavy),
      small: saveBody(manyOperationsSpec(1, 'small.example.com')),
    };
    const stop = watchEventLoop();
    const [review, expanding, heavySave, small] = await Promise.all([
      save(alice, mine.id, bodies.review),
      save(alice, extra[0]?.id ?? '', bodies.expanding),
      save(alice, extra[1]?.id ?? '', bodies.heavy),
      save(bob, other.id, bodies.small),
    ]);
    const loop = stop();
    expect([review, expanding, heavySave, small].map((response) => response.statusCode)).toEqual([
      400, 400, 200, 200,
    ]);
    expect(review.json<{ message: string }>().message).toBe(tooManyOperations(3_000));

    // What the same check and planning cost when done on this thread, as the saves did before.
    const before = threadCpuMs();
    const planned = await prepareActionSpec(heavy);
    const after = threadCpuMs();
    expect(planned.ok).toBe(true);
    const onThread = before === null || after === null ? null : after - before;
    console.log(
      `action specs: busiest turn ${loop.busiestTurn?.toFixed(0) ?? '?'} ms on CPU, loop delay max ` +
        `${loop.delayMax.toFixed(0)} ms; the heavy spec's check on this thread ${onThread?.toFixed(0) ?? '?'} ms`,
    );
    // The saves' work on the server thread is the request and answer JSON and the plans handed back, never the
    // parse: its busiest turn is held against what the parse costs on this same thread, not against a time.
    if (loop.busiestTurn !== null && onThread !== null) expect(loop.busiestTurn).toBeLessThan(onThread / 2);
  });
});
