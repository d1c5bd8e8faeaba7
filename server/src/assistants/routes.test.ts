import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assistantSchema, type Assistant } from '@parley/shared/schemas/assistant';
import { buildAppOn, type AppOnDatabase } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { TEST_MANIFEST } from '../../test/test-tools';
import { multipartBody } from '../files/test-multipart';

const ENV = {
  OLLAMA_BASE_URL: 'off',
  ASSISTANTS_API_KEY: 'sk-test',
  ASSISTANTS_MODELS: 'gpt-4o-mini,gpt-4o',
};

function yamlFile(body: string): string {
  const path = join(tempDir(), 'librechat.yaml');
  writeFileSync(path, `version: 1.0.6\n${body}`);
  return path;
}

describeEachEngine('assistants routes', (_getDb, { getDatabase }) => {
  let built: AppOnDatabase;
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    built = await buildAppOn(getDatabase(), { env: ENV, toolManifest: TEST_MANIFEST });
    app = built.app;
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    alice = await createTestUser(built, { password: null });
    bob = await createTestUser(built, { password: null });
  });

  const send = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const create = async (user: TestUser, body: object = {}): Promise<Assistant> => {
    const response = await send(user, 'POST', '/api/assistants', { model: 'gpt-4o-mini', ...body });
    expect(response.statusCode, response.body).toBe(201);
    return assistantSchema.parse(response.json());
  };

  it('creates an assistant owned by the caller, with plugin tools defined by the server', async () => {
    const created = await create(alice, {
      name: 'Helper',
      description: 'helps',
      instructions: 'Be brief.',
      tools: ['calculator', { type: 'retrieval' }, { type: 'code_interpreter' }, 'image_vision'],
    });
    expect(created).toMatchObject({
      object: 'assistant',
      name: 'Helper',
      model: 'gpt-4o-mini',
      file_ids: [],
      metadata: { author: alice.user.id },
    });
    expect(created.id).toMatch(/^asst_[A-Za-z0-9]{24}$/);
    expect(created.tools.map((tool) => (tool.type === 'function' ? tool.function.name : tool.type))).toEqual([
      'calculator',
      'retrieval',
      'code_interpreter',
      'image_vision',
    ]);
    const calculator = created.tools[0];
    expect(calculator?.type === 'function' && calculator.function.parameters).toBeTruthy();
    expect((await send(alice, 'GET', `/api/assistants/${created.id}`)).json()).toEqual(created);
  });

  it('refuses SPEC §5 limits, a missing model and unknown tools with 400 and fields', async () => {
    const long = await send(alice, 'POST', '/api/assistants', { model: 'm', name: 'x'.repeat(257) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fields: { name: expect.stringContaining('256') } });
    const description = await send(alice, 'POST', '/api/assistants', {
      model: 'm',
      description: 'x'.repeat(513),
    });
    expect(description.json()).toMatchObject({ fields: { description: expect.any(String) } });
    const instructions = await send(alice, 'POST', '/api/assistants', {
      model: 'm',
      instructions: 'x'.repeat(32_769),
    });
    expect(instructions.json()).toMatchObject({ fields: { instructions: expect.any(String) } });
    const noModel = await send(alice, 'POST', '/api/assistants', { name: 'n' });
    expect(noModel.statusCode).toBe(400);
    expect(noModel.json()).toMatchObject({ fields: { model: expect.any(String) } });
    const unknown = await send(alice, 'POST', '/api/assistants', { model: 'm', tools: ['nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'Unknown tool "nope"',
      fields: { tools: expect.any(String) },
    });
    const action = await send(alice, 'POST', '/api/assistants', {
      model: 'm',
      tools: [{ type: 'function', function: { name: 'get_action_example---com' } }],
    });
    expect(action.statusCode).toBe(400);
    const okAtLimits = await send(alice, 'POST', '/api/assistants', {
      model: 'm',
      name: 'x'.repeat(256),
      description: 'x'.repeat(512),
      instructions: 'x'.repeat(32_768),
    });
    expect(okAtLimits.statusCode).toBe(201);
  });

  it('keeps each user to their own assistants: another user’s id is 404 and lists hold only the caller’s', async () => {
    const mine = await create(alice, { name: 'Alice’s' });
    await create(bob, { name: 'Bob’s' });
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await send(
        bob,
        method,
        `/api/assistants/${mine.id}`,
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ message: 'Assistant not found' });
    }
    const list = (await send(bob, 'GET', '/api/assistants')).json<{ data: Assistant[] }>();
    expect(list.data.map((a) => a.name)).toEqual(['Bob’s']);
    const documents = (await send(bob, 'GET', '/api/assistants/documents')).json<unknown[]>();
    expect(documents).toHaveLength(1);
    expect((await send(alice, 'GET', `/api/assistants/${mine.id}`)).json()).toMatchObject({
      name: 'Alice’s',
    });
  });

  it('pages the list with limit, order, after and before', async () => {
    const made: Assistant[] = [];
    for (let i = 0; i < 5; i += 1) made.push(await create(alice, { name: `a${i}` }));
    const first = (await send(alice, 'GET', '/api/assistants?limit=2')).json<{
      data: Assistant[];
      has_more: boolean;
      last_id: string;
      first_id: string;
    }>();
    expect(first.data.map((a) => a.name)).toEqual(['a4', 'a3']);
    expect(first.has_more).toBe(true);
    const next = (await send(alice, 'GET', `/api/assistants?limit=2&after=${first.last_id}`)).json<{
      data: Assistant[];
    }>();
    expect(next.data.map((a) => a.name)).toEqual(['a2', 'a1']);
    const asc = (await send(alice, 'GET', '/api/assistants?order=asc&limit=100')).json<{
      data: Assistant[];
      has_more: boolean;
    }>();
    expect(asc.data.map((a) => a.name)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
    expect(asc.has_more).toBe(false);
    expect((await send(alice, 'GET', '/api/assistants?limit=101')).statusCode).toBe(400);
    expect((await send(alice, 'GET', '/api/assistants?order=up')).statusCode).toBe(400);
  });

  it('updates and deletes', async () => {
    const created = await create(alice, { tools: ['calculator'] });
    const patched = await send(alice, 'PATCH', `/api/assistants/${created.id}`, {
      name: 'Renamed',
      tools: [{ type: 'retrieval' }],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Renamed', tools: [{ type: 'retrieval' }] });
    const deleted = await send(alice, 'DELETE', `/api/assistants/${created.id}?model=gpt-4o-mini`);
    expect(deleted.json()).toEqual({ id: created.id, object: 'assistant.deleted', deleted: true });
    expect((await send(alice, 'GET', `/api/assistants/${created.id}`)).statusCode).toBe(404);
  });

  it('lists the tools usable by assistants without the plugin store button', async () => {
    const tools = (await send(alice, 'GET', '/api/assistants/tools')).json<Array<{ pluginKey: string }>>();
    expect(tools.map((tool) => tool.pluginKey)).toEqual(TEST_MANIFEST.map((entry) => entry.pluginKey));
  });

  it('uploads an avatar resized to 150 px, replacing the previous one', async () => {
    const created = await create(alice);
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const upload = async (user: TestUser) => {
      const { payload, headers } = multipartBody([
        { name: 'metadata', value: '{}' },
        { name: 'file', filename: 'a.png', type: 'image/png', data: png },
      ]);
      return app.inject({
        method: 'POST',
        url: `/api/assistants/avatar/${created.id}?model=gpt-4o-mini`,
        payload,
        headers: { ...user.headers, ...headers },
      });
    };
    expect((await upload(bob)).statusCode).toBe(404);
    const response = await upload(alice);
    expect(response.statusCode, response.body).toBe(201);
    const avatar = assistantSchema.parse(response.json()).metadata.avatar ?? '';
    expect(avatar).toMatch(/^\/api\/files\/content\//);
    const image = await app.inject({ url: avatar });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(150);
    const second = assistantSchema.parse((await upload(alice)).json()).metadata.avatar ?? '';
    expect(second).not.toBe(avatar);
    expect((await app.inject({ url: avatar })).statusCode).toBe(404);
    const documents = (await send(alice, 'GET', '/api/assistants/documents')).json();
    expect(documents).toEqual([
      { assistant_id: created.id, avatar: { filepath: second, source: 'local' }, actions: [] },
    ]);
    const text = multipartBody([
      { name: 'file', filename: 'a.png', type: 'image/png', data: 'not an image' },
    ]);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/assistants/avatar/${created.id}`,
      payload: text.payload,
      headers: { ...alice.headers, ...text.headers },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('assistants routes with YAML endpoints.assistants', () => {
  it(
    'honours supportedIds, disableBuilder, capabilities and retrievalModels',
    { timeout: 120_000 },
    async () => {
      const { buildTestApp } = await import('../../test/test-app');
      const open = await buildTestApp({
        env: {
          ...ENV,
          CONFIG_PATH: yamlFile(
            'endpoints:\n  assistants:\n    capabilities: [retrieval, tools]\n    retrievalModels: [gpt-4o]\n',
          ),
        },
        toolManifest: TEST_MANIFEST,
      });
      try {
        const user = await createTestUser(open, { password: null });
        const post = (body: object) =>
          open.app.inject({ method: 'POST', url: '/api/assistants', headers: user.headers, payload: body });
        expect((await post({ model: 'gpt-4o', tools: [{ type: 'code_interpreter' }] })).statusCode).toBe(400);
        expect((await post({ model: 'gpt-4o-mini', tools: [{ type: 'retrieval' }] })).statusCode).toBe(400);
        expect((await post({ model: 'gpt-4o', tools: [{ type: 'retrieval' }] })).statusCode).toBe(201);
        const endpoints = (await open.app.inject({ url: '/api/endpoints' })).json<Record<string, unknown>>();
        expect(endpoints.assistants).toMatchObject({
          capabilities: ['retrieval', 'tools'],
          retrievalModels: ['gpt-4o'],
        });
      } finally {
        await open.close();
      }

      const limited = await buildTestApp({
        env: {
          ...ENV,
          CONFIG_PATH: yamlFile(
            'endpoints:\n  assistants:\n    disableBuilder: true\n    excludedIds: [asst_hidden]\n',
          ),
        },
      });
      try {
        const user = await createTestUser(limited, { password: null });
        const created = await limited.app.inject({
          method: 'POST',
          url: '/api/assistants',
          headers: user.headers,
          payload: { model: 'gpt-4o' },
        });
        expect(created.statusCode).toBe(403);
        const models = (await limited.app.inject({ url: '/api/models', headers: user.headers })).json<
          Record<string, string[]>
        >();
        expect(models.assistants).toEqual(['gpt-4o-mini', 'gpt-4o']);
      } finally {
        await limited.close();
      }
    },
  );
});
