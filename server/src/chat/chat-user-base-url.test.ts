// Issue 11 item 3: a user-provided base URL goes through the address guard; the server's own URLs do not.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  askToEnd,
  chatEnv,
  chatUser,
  completionBodies,
  startChatServer,
  type ChatServer,
  type EventReader,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

/** `Mine` takes the user's base URL; `Ollama` is the administrator's, on 127.0.0.1. */
function configFile(allowedAddresses: string[] = []): string {
  const path = join(tempDir(), 'librechat.yaml');
  const allow =
    allowedAddresses.length > 0
      ? [`  allowedAddresses: [${allowedAddresses.map((a) => `'${a}'`).join(', ')}]`]
      : [];
  writeFileSync(
    path,
    [
      'version: 1.0.8',
      'endpoints:',
      ...allow,
      '  custom:',
      '    - name: Mine',
      '      apiKey: user_provided',
      '      baseURL: user_provided',
      '      models: { default: [llama3] }',
      '    - name: Ollama',
      '      apiKey: ollama',
      `      baseURL: ${fake.baseURL}`,
      '      models: { default: [llama3] }',
    ].join('\n'),
  );
  return path;
}

const errorText = (reader: EventReader): string => {
  const event = reader.events.find((e) => e.data.type === 'error')?.data;
  if (event?.type !== 'error') throw new Error(`no error event: ${reader.types().join(',')}`);
  return event.text;
};

describeEachEngine('a user-provided base URL', (_getDb, { getDatabase }) => {
  let server: ChatServer | undefined;
  beforeEach(() => fake.reset());
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const saveKey = async (user: TestUser, baseURL: string) => {
    const response = await server!.app.inject({
      method: 'PUT',
      url: '/api/keys',
      headers: user.headers,
      payload: { name: 'Mine', value: JSON.stringify({ apiKey: 'sk-mine', baseURL }), expiresAt: null },
    });
    expect(response.statusCode).toBeLessThan(300);
  };
  const ask = (user: TestUser, endpoint = 'Mine') =>
    askToEnd(
      server!,
      user,
      { endpoint, endpointType: 'custom', model: 'llama3', text: 'Hello' },
      { path: '/api/ask/custom' },
    );

  it('is refused for 127.0.0.1 in any spelling, and nothing reaches the address', async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake, { CONFIG_PATH: configFile() }));
    const user = await chatUser(server);
    const port = new URL(fake.baseURL).port;
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '127.1', '[::ffff:127.0.0.1]', 'localhost']) {
      await saveKey(user, `http://${host}:${port}/v1`);
      const reader = await ask(user);
      // A literal IP is named; the address the name localhost resolves to is not.
      expect(errorText(reader)).toMatch(
        host === 'localhost'
          ? /The address localhost is not allowed: it resolves to a loopback address\./
          : /is not allowed: it is (a loopback|an IPv4-mapped) address/,
      );
      if (host === 'localhost') expect(errorText(reader)).not.toMatch(/127\.0\.0\.1|::1/);
      expect(reader.final().responseMessage).toMatchObject({ error: true });
    }
    await saveKey(user, `http://169.254.169.254/latest`);
    expect(errorText(await ask(user))).toMatch(
      /169\.254\.169\.254 is not allowed: it is a link-local address/,
    );
    expect(completionBodies(fake)).toHaveLength(0);
  });

  it('keeps the administrator’s own 127.0.0.1 endpoint (Ollama) working', async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake, { CONFIG_PATH: configFile() }));
    const user = await chatUser(server);
    fake.script({ replies: [{ text: 'Hi from Ollama' }] });
    const reader = await ask(user, 'Ollama');
    expect(reader.final().responseMessage).toMatchObject({ text: 'Hi from Ollama', error: false });
  });

  it('reaches a host that endpoints.allowedAddresses exempts', async () => {
    const port = new URL(fake.baseURL).port;
    server = await startChatServer(
      getDatabase(),
      chatEnv(fake, { CONFIG_PATH: configFile([`127.0.0.1:${port}`]) }),
    );
    const user = await chatUser(server);
    await saveKey(user, fake.baseURL);
    fake.script({ replies: [{ text: 'Hi from my own server' }] });
    const reader = await ask(user);
    expect(reader.final().responseMessage).toMatchObject({ text: 'Hi from my own server', error: false });
  });

  it('shows an upstream HTML page or JSON dump only as a short line', async () => {
    server = await startChatServer(getDatabase(), chatEnv(fake, { CONFIG_PATH: configFile() }));
    const user = await chatUser(server);
    const page = `<html><head><title>502</title><style>h1{}</style></head><body><h1>Bad Gateway</h1>${'<p>internal host 10.0.0.7 details</p>'.repeat(2000)}</body></html>`;
    fake.script({
      replies: [
        { error: { status: 502, rawBody: page } },
        {
          error: {
            status: 400,
            rawBody: JSON.stringify({ error: { detail: 'no such model', dump: 'x'.repeat(100_000) } }),
            headers: { 'content-type': 'application/json' },
          },
        },
      ],
    });
    const html = errorText(await ask(user, 'Ollama'));
    expect(html).not.toMatch(/[<>]/);
    expect(html.length).toBeLessThanOrEqual(500);
    const json = errorText(await ask(user, 'Ollama'));
    expect(json).toContain('no such model');
    expect(json).not.toContain('xxxx');
  });
});
