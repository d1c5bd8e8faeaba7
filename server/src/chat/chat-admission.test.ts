import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import { AUTH_ERRORS } from '@parley/shared/schemas/auth';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Env } from '../config/env';
import { cookiesOf } from '../../test/app-on-database';
import {
  askToEnd,
  chatEnv,
  chatUser,
  completionBodies,
  startChatServer,
  type ChatServer,
} from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

function specsFile(): string {
  const path = join(tempDir(), 'librechat.yaml');
  writeFileSync(
    path,
    [
      'version: 1.0.8',
      'modelSpecs:',
      '  enforce: true',
      '  list:',
      '    - name: terse',
      '      label: Terse GPT-4o',
      '      preset: { endpoint: openAI, model: gpt-4o, temperature: 0.2 }',
    ].join('\n'),
  );
  return path;
}

describeEachEngine('what a chat request must pass before it runs', (_getDb, { getDatabase }) => {
  let server: ChatServer | undefined;
  const serve = async (env: Env): Promise<ChatServer> => {
    server = await startChatServer(getDatabase(), chatEnv(fake, env));
    return server;
  };
  beforeEach(() => fake.reset());
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const post = (app: ChatServer, user: TestUser, path: string, body: object, ip = '127.0.0.1') =>
    app.app.inject({
      method: 'POST',
      url: path,
      headers: user.headers,
      remoteAddress: ip,
      payload: { endpoint: 'openAI', model: 'gpt-4o', conversationId: null, ...body },
    });

  it('with modelSpecs.enforce, a request must name a listed spec and match its preset', async () => {
    const app = await serve({ CONFIG_PATH: specsFile() });
    const user = await chatUser(app);
    const unnamed = await post(app, user, '/api/ask/openAI', { text: 'Hi' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({
      code: 'illegal_model_request',
      message: 'No model spec selected',
    });
    const unlisted = await post(app, user, '/api/ask/openAI', { text: 'Hi', spec: 'verbose' });
    expect(unlisted.json()).toMatchObject({ code: 'illegal_model_request', message: 'Invalid model spec' });
    // A model outside the spec, as a side panel's picker would send it (issue 27), on ask and edit alike.
    for (const path of ['/api/ask/openAI', '/api/edit/openAI']) {
      const otherModel = await post(app, user, path, { text: 'Hi', spec: 'terse', model: 'gpt-4o-mini' });
      expect(otherModel.statusCode, path).toBe(400);
      expect(otherModel.json()).toMatchObject({
        code: 'illegal_model_request',
        message: 'Model spec mismatch: model',
      });
    }
    const changed = await post(app, user, '/api/ask/openAI', { text: 'Hi', spec: 'terse', temperature: 0.9 });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({
      code: 'illegal_model_request',
      message: 'Model spec mismatch: temperature',
    });
    expect(completionBodies(fake)).toHaveLength(0);
    const convos = await app.app.inject({ url: '/api/convos', headers: user.headers });
    expect(convos.json()).toMatchObject({ conversations: [] });

    fake.script({ replies: [{ text: 'Briefly: hi' }] });
    const reader = await askToEnd(app, user, {
      text: 'Hi',
      model: 'gpt-4o',
      spec: 'terse',
      temperature: 0.2,
    });
    expect(reader.final().responseMessage.text).toBe('Briefly: hi');
    expect(completionBodies(fake)[0]).toMatchObject({ model: 'gpt-4o', temperature: 0.2 });
  }, 60_000);

  it('message_limit refusals are violations: enough of them ban the IP and the user from ask and edit', async () => {
    const app = await serve({
      LIMIT_MESSAGE_USER: 'true',
      MESSAGE_USER_MAX: '1',
      BAN_VIOLATIONS: '2',
    });
    const user = await createTestUser(app);
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: user.password },
    });
    const refreshToken = cookiesOf(login).get('refreshToken')?.value;
    expect(refreshToken).toBeDefined();

    expect((await post(app, user, '/api/ask/openAI', { text: 'one' })).statusCode).toBe(200);
    for (const text of ['two', 'three']) {
      const refused = await post(app, user, '/api/ask/openAI', { text });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'message_limit' });
    }
    const banned = { message: AUTH_ERRORS.banned, code: 'ban' };
    const again = await post(app, user, '/api/ask/openAI', { text: 'four' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual(banned);

    // Another user on the banned IP, even with a request that would fail its own checks.
    const neighbour = await chatUser(app);
    const empty = await post(app, neighbour, '/api/ask/openAI', { text: '' });
    expect([empty.statusCode, empty.json()]).toEqual([403, banned]);
    const edit = await post(app, neighbour, '/api/edit/openAI', {
      text: 'edited',
      conversationId: randomUUID(),
      overrideParentMessageId: randomUUID(),
      isEdited: true,
    });
    expect([edit.statusCode, edit.json()]).toEqual([403, banned]);
    // The banned user from another address.
    const elsewhere = await post(app, user, '/api/ask/openAI', { text: 'five' }, '10.1.2.3');
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([403, banned]);
    expect(completionBodies(fake)).toHaveLength(1);

    const refresh = await app.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `refreshToken=${refreshToken}` },
    });
    expect(refresh.statusCode).toBe(401);
  }, 60_000);
});
