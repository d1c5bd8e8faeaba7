import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { presetListSchema, presetSchema, type Preset } from '@parley/shared/schemas/preset';
import { buildAppOn } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import type { AppConfig } from '../config/app-config';

describeEachEngine('preset routes', (_getDb, { getDatabase }) => {
  let app: FastifyInstance;
  let config: AppConfig;
  beforeAll(async () => {
    ({ app, config } = await buildAppOn(getDatabase()));
  });
  afterAll(() => app.close());

  const user = (name: string): Promise<TestUser> =>
    createTestUser({ database: getDatabase(), config }, { name, password: null });
  const save = (owner: TestUser, payload: object) =>
    app.inject({ method: 'POST', url: '/api/presets', headers: owner.headers, payload });
  const saved = async (owner: TestUser, payload: object): Promise<Preset> => {
    const response = await save(owner, payload);
    expect(response.statusCode, response.body).toBe(200);
    return presetSchema.parse(response.json());
  };
  const list = async (owner: TestUser): Promise<Preset[]> => {
    const response = await app.inject({ url: '/api/presets', headers: owner.headers });
    expect(response.statusCode).toBe(200);
    return presetListSchema.parse(response.json());
  };
  const remove = (owner: TestUser, payload: object) =>
    app.inject({ method: 'POST', url: '/api/presets/delete', headers: owner.headers, payload });

  it('creates a preset with a server id, endpoint options and all, and lists it', async () => {
    const alice = await user('alice');
    const preset = await saved(alice, {
      presetId: null,
      title: 'Terse',
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.2,
      promptPrefix: 'Be brief.',
      stop: ['END'],
      user: 'someone-else',
    });
    expect(preset).toMatchObject({
      title: 'Terse',
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.2,
      promptPrefix: 'Be brief.',
      stop: ['END'],
      defaultPreset: false,
      order: null,
      user: alice.user.id,
    });
    expect(preset.presetId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await list(alice)).toEqual([preset]);
  });

  it("titles a preset without endpoint 'New Preset', and one with an endpoint but no title 'New Chat'", async () => {
    const alice = await user('alice');
    expect(await saved(alice, { temperature: 1 })).toMatchObject({ title: 'New Preset', endpoint: null });
    expect(await saved(alice, { endpoint: 'anthropic' })).toMatchObject({ title: 'New Chat' });
  });

  it('updates by presetId: parameters replaced, unsent title and default kept', async () => {
    const alice = await user('alice');
    const first = await saved(alice, { title: 'A', endpoint: 'openAI', temperature: 0.5, top_p: 0.9 });
    const updated = await saved(alice, { presetId: first.presetId, endpoint: 'openAI', temperature: 1.5 });
    expect(updated).toMatchObject({ presetId: first.presetId, title: 'A', temperature: 1.5 });
    expect(updated.top_p).toBeUndefined();
    expect(await list(alice)).toHaveLength(1);
  });

  it('keeps one default: making another the default clears the first, in one step', async () => {
    const alice = await user('alice');
    const a = await saved(alice, { title: 'A', endpoint: 'openAI', defaultPreset: true });
    const b = await saved(alice, { title: 'B', endpoint: 'openAI' });
    await saved(alice, { presetId: b.presetId, defaultPreset: true });
    const presets = await list(alice);
    expect(presets.map((p) => [p.title, p.defaultPreset])).toEqual([
      ['B', true],
      ['A', false],
    ]);
    // A new preset created as default takes over too.
    await saved(alice, { title: 'C', endpoint: 'openAI', defaultPreset: true });
    expect((await list(alice)).filter((p) => p.defaultPreset).map((p) => p.title)).toEqual(['C']);
    // Unsetting clears it.
    await saved(alice, { presetId: a.presetId, defaultPreset: false });
    expect((await list(alice)).filter((p) => p.defaultPreset)).toHaveLength(1);
  });

  it('survives many presets made default at the same time: exactly one default remains', async () => {
    const alice = await user('alice');
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        save(alice, { title: `P${i}`, endpoint: 'openAI', defaultPreset: true }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect((await list(alice)).filter((p) => p.defaultPreset)).toHaveLength(1);
  });

  it('lists default first, then by order (unset last), then newest', async () => {
    const alice = await user('alice');
    await saved(alice, { title: 'old', endpoint: 'openAI' });
    await saved(alice, { title: 'second', endpoint: 'openAI', order: 2 });
    await saved(alice, { title: 'first', endpoint: 'openAI', order: 1 });
    await saved(alice, { title: 'new', endpoint: 'openAI' });
    await saved(alice, { title: 'default', endpoint: 'openAI', order: 5, defaultPreset: true });
    expect((await list(alice)).map((p) => p.title)).toEqual(['default', 'first', 'second', 'new', 'old']);
  });

  it("never shows, updates or deletes another user's presets (404, nothing changes)", async () => {
    const alice = await user('alice');
    const mallory = await user('mallory');
    const preset = await saved(alice, { title: 'Mine', endpoint: 'openAI', defaultPreset: true });
    await saved(mallory, { title: 'Theirs', endpoint: 'openAI', defaultPreset: true });

    expect((await list(mallory)).map((p) => p.title)).toEqual(['Theirs']);
    const update = await save(mallory, { presetId: preset.presetId, title: 'pwned', defaultPreset: true });
    expect(update.statusCode).toBe(404);
    expect((await remove(mallory, { presetId: preset.presetId })).statusCode).toBe(404);
    expect((await save(mallory, { presetId: randomUUID(), title: 'x' })).statusCode).toBe(404);
    expect((await save(mallory, { presetId: 'not-a-uuid', title: 'x' })).statusCode).toBe(404);
    // Deleting all of mallory's leaves alice's alone.
    expect((await remove(mallory, {})).json()).toEqual({ deletedCount: 1 });
    expect(await list(alice)).toEqual([preset]);
  });

  it('deletes one preset, or all when no presetId is given; null is refused', async () => {
    const alice = await user('alice');
    const a = await saved(alice, { title: 'A', endpoint: 'openAI' });
    await saved(alice, { title: 'B', endpoint: 'openAI' });
    await saved(alice, { title: 'C', endpoint: 'openAI' });
    const one = await remove(alice, { ...a });
    expect(one.json()).toEqual({ deletedCount: 1 });
    expect((await remove(alice, { presetId: null })).statusCode).toBe(400);
    expect((await remove(alice, {})).json()).toEqual({ deletedCount: 2 });
    expect(await list(alice)).toEqual([]);
  });

  it('validates parameters and requires a token', async () => {
    const alice = await user('alice');
    const bad = await save(alice, { endpoint: 'openAI', temperature: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^temperature: /);
    for (const call of [
      app.inject({ url: '/api/presets' }),
      app.inject({ method: 'POST', url: '/api/presets', payload: {} }),
      app.inject({ method: 'POST', url: '/api/presets/delete', payload: {} }),
    ]) {
      expect((await call).statusCode).toBe(401);
    }
  });
});
