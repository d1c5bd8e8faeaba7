import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildAppOn, type AppOnDatabase } from '../../test/app-on-database';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser, type TestUser } from '../../test/test-users';
import { TEST_MANIFEST } from '../../test/test-tools';
import { pluginAuths } from '../db/schema';

const KEY = 'echo-secret-key-123';

describeEachEngine('plugin store routes', (getDb, { getDatabase }) => {
  let built: AppOnDatabase;
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    built = await buildAppOn(getDatabase(), { env: { OLLAMA_BASE_URL: 'off' }, toolManifest: TEST_MANIFEST });
    app = built.app;
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    alice = await createTestUser(built, { password: null });
    bob = await createTestUser(built, { password: null });
  });

  const plugins = async (user: TestUser) => {
    const response = await app.inject({ url: '/api/plugins', headers: user.headers });
    expect(response.statusCode).toBe(200);
    return response.json<Array<Record<string, unknown>>>();
  };
  const post = (user: TestUser, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/user/plugins', headers: user.headers, payload });
  const echo = async (user: TestUser) =>
    (await plugins(user)).find((plugin) => plugin.pluginKey === 'echo_search');

  it('lists the plugin store first, then every tool with its auth fields', async () => {
    const list = await plugins(alice);
    expect(list[0]).toEqual({ name: 'Plugin store', pluginKey: 'pluginStore', isButton: true });
    expect(list.slice(1).map((plugin) => plugin.pluginKey)).toEqual(
      TEST_MANIFEST.map((entry) => entry.pluginKey),
    );
    expect(list[1]).toMatchObject({ name: 'Calculator', authConfig: [], authenticated: true });
    expect(await echo(alice)).toMatchObject({
      authConfig: [{ authField: 'ECHO_API_KEY', label: 'Echo API Key', description: 'Your Echo key.' }],
      authenticated: false,
    });
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ url: '/api/plugins' })).statusCode).toBe(401);
  });

  it('installs a plugin without credentials and answers the user with its key', async () => {
    const response = await post(alice, { pluginKey: 'calculator', action: 'install' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: alice.user.id, plugins: ['calculator'] });
    // Installing twice keeps one entry.
    expect((await post(alice, { pluginKey: 'calculator', action: 'install' })).json()).toMatchObject({
      plugins: ['calculator'],
    });
    const user = await app.inject({ url: '/api/user', headers: alice.headers });
    expect(user.json()).toMatchObject({ plugins: ['calculator'] });
  });

  it('answers 404 for an unknown plugin', async () => {
    const response = await post(alice, { pluginKey: 'nope', action: 'install' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Plugin "nope" not found' });
  });

  it('answers 400 with SPEC texts for missing or short credentials', async () => {
    const missing = await post(alice, { pluginKey: 'echo_search', action: 'install' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Echo API Key is required.',
      fields: { ECHO_API_KEY: 'Echo API Key is required.' },
    });
    const short = await post(alice, {
      pluginKey: 'echo_search',
      action: 'install',
      auth: { ECHO_API_KEY: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      fields: { ECHO_API_KEY: 'Echo API Key must be at least 10 characters long' },
    });
    expect((await post(alice, { pluginKey: 'echo_search', action: 'bogus' })).statusCode).toBe(400);
  });

  it('stores credentials encrypted, never returns them, and keeps them per user', async () => {
    const response = await post(alice, {
      pluginKey: 'echo_search',
      action: 'install',
      auth: { ECHO_API_KEY: KEY },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ plugins: ['echo_search'] });
    expect(response.body).not.toContain(KEY);

    const rows = await getDb().select().from(pluginAuths);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: alice.user.id,
      pluginKey: 'echo_search',
      authField: 'ECHO_API_KEY',
    });
    expect(rows[0]?.valueEncrypted).toMatch(/^v1:/);
    expect(JSON.stringify(rows)).not.toContain(KEY);

    const listed = await app.inject({ url: '/api/plugins', headers: alice.headers });
    expect(listed.body).not.toContain(KEY);
    expect(await echo(alice)).toMatchObject({ authenticated: true });
    // Bob sees neither Alice's install nor her credentials.
    expect(await echo(bob)).toMatchObject({ authenticated: false });
    const bobUser = await app.inject({ url: '/api/user', headers: bob.headers });
    expect(bobUser.json()).toMatchObject({ plugins: [] });
  });

  it('uninstalls: the key leaves user.plugins and the credentials are deleted', async () => {
    await post(alice, { pluginKey: 'echo_search', action: 'install', auth: { ECHO_API_KEY: KEY } });
    await post(bob, { pluginKey: 'echo_search', action: 'install', auth: { ECHO_API_KEY: KEY } });
    const response = await post(alice, { pluginKey: 'echo_search', action: 'uninstall' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ plugins: [] });
    expect(await echo(alice)).toMatchObject({ authenticated: false });
    const rows = await getDb().select().from(pluginAuths);
    expect(rows.map((row) => row.userId)).toEqual([bob.user.id]);
    expect(await echo(bob)).toMatchObject({ authenticated: true });
  });
});

describeEachEngine('plugin store with credentials in the environment', (_getDb, { getDatabase }) => {
  it('counts a tool as authenticated for everyone and installs it without auth', async () => {
    const built = await buildAppOn(getDatabase(), {
      env: { OLLAMA_BASE_URL: 'off', ECHO_API_KEY: 'env-key-0123456789' },
      toolManifest: TEST_MANIFEST,
    });
    try {
      const user = await createTestUser(built, { password: null });
      const list = await built.app.inject({ url: '/api/plugins', headers: user.headers });
      expect(
        list.json<Array<{ pluginKey: string }>>().find((p) => p.pluginKey === 'echo_search'),
      ).toMatchObject({
        authenticated: true,
      });
      const installed = await built.app.inject({
        method: 'POST',
        url: '/api/user/plugins',
        headers: user.headers,
        payload: { pluginKey: 'echo_search', action: 'install' },
      });
      expect(installed.statusCode).toBe(200);
    } finally {
      await built.app.close();
    }
  });

  it('leaves out YAML filteredTools, or keeps only includedTools', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'parley-tools-'));
    const keysOf = async (yaml: string) => {
      const path = join(dir, `${yaml.length}.yaml`);
      writeFileSync(path, yaml);
      const built = await buildAppOn(getDatabase(), {
        env: { OLLAMA_BASE_URL: 'off', CONFIG_PATH: path },
        toolManifest: TEST_MANIFEST,
      });
      try {
        const user = await createTestUser(built, { password: null });
        const list = await built.app.inject({ url: '/api/plugins', headers: user.headers });
        return list.json<Array<{ pluginKey: string }>>().map((plugin) => plugin.pluginKey);
      } finally {
        await built.app.close();
      }
    };
    expect(await keysOf('version: 1.0.8\nfilteredTools: [sleeper, broken]\n')).toEqual([
      'pluginStore',
      'calculator',
      'echo_search',
      'painter',
    ]);
    expect(
      await keysOf('version: 1.0.8\nincludedTools: [calculator]\nfilteredTools: [calculator]\n'),
    ).toEqual(['pluginStore', 'calculator']);
  });
});
