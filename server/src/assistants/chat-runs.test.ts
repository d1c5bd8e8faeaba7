// Assistant runs end to end over HTTP: an action called inside a run against a real local OpenAPI server (its
// address allow-listed in the YAML, the bearer key from the action's encrypted credentials), the address guard
// refusing one that is not listed, and the run statuses of a provider failure and of a run past `timeoutMs`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { startFakeOpenAI, type FakeOpenAI } from '@parley/fakes/openai-server';
import type { Assistant } from '@parley/shared/schemas/assistant';
import { RUN_EXPIRED, type ContentPart, type Message } from '@parley/shared/schemas/message';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { chatUser, EventReader, type ChatServer } from '../../test/chat-harness';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';
import { startTestApi, type TestApi } from '../actions/test-api-server';
import { assistantActions, assistantRuns } from '../db/schema';
import { assistantChat, createAssistant, startAssistantsServer } from './test-assistant-chat';

const API_KEY = 'pet-secret-7f3a';

function yamlFile(body: string): string {
  const path = join(tempDir(), 'librechat.yaml');
  writeFileSync(path, `version: 1.0.6\n${body}`);
  return path;
}

const partsOf = (reader: EventReader): ContentPart[] =>
  reader.events.flatMap((event) => (event.data.type === 'content' ? [event.data.part] : []));

let fake: FakeOpenAI;
/** Allow-listed in the YAML (`actions.allowedAddresses: 127.0.0.1:<its port>`). */
let listed: TestApi;
/** The same loopback host on a port the YAML does not list. */
let unlisted: TestApi;
beforeAll(async () => {
  [fake, listed, unlisted] = await Promise.all([startFakeOpenAI(), startTestApi(), startTestApi()]);
});
afterAll(async () => {
  await Promise.all([fake.close(), listed.close(), unlisted.close()]);
});

/** The assistants app on `database` with `yaml` as its config. */
const startWithYaml = (database: Parameters<typeof startAssistantsServer>[0], yaml: string) =>
  startAssistantsServer(database, fake, { env: { CONFIG_PATH: yamlFile(yaml) } });

describeEachEngine('assistant runs', (getDb, { getDatabase }) => {
  let server: ChatServer;
  let user: TestUser;
  beforeAll(async () => {
    server = await startWithYaml(
      getDatabase(),
      `actions:\n  allowedAddresses: ["127.0.0.1:${listed.port}"]\n`,
    );
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    fake.reset();
    listed.seen.length = 0;
    unlisted.seen.length = 0;
    user = await chatUser(server);
  });

  const createPets = () => createAssistant(server, user, { name: 'Pets' });
  /** Saves the test API's spec as a bearer-key action; answers the derived name of `getPet`. */
  const addAction = async (assistantId: string, api: TestApi) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/assistants/actions/${assistantId}`,
      headers: user.headers,
      payload: {
        model: 'gpt-4o-mini',
        metadata: {
          raw_spec: api.spec(),
          auth: { type: 'service_http', authorization_type: 'bearer' },
          api_key: API_KEY,
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [, assistant] = response.json<[unknown, Assistant]>();
    const name = assistant.tools.flatMap((tool) =>
      tool.type === 'function' && tool.function.name.startsWith('getPet_action_') ? [tool.function.name] : [],
    )[0];
    if (!name) throw new Error(`no getPet function in ${JSON.stringify(assistant.tools)}`);
    return name;
  };
  const chat = (body: object) => assistantChat(server, user, body);
  const runsOf = () => getDb().select().from(assistantRuns).where(eq(assistantRuns.userId, user.user.id));

  it(
    'calls an allow-listed action with the stored bearer key and hands its answer to the model',
    { timeout: 180_000 },
    async () => {
      const assistant = await createPets();
      const getPet = await addAction(assistant.id, listed);
      // The key is stored encrypted and never listed.
      const [row] = await getDb()
        .select()
        .from(assistantActions)
        .where(eq(assistantActions.userId, user.user.id));
      expect(row?.apiKeyEncrypted).toBeTruthy();
      expect(row?.apiKeyEncrypted).not.toContain(API_KEY);
      const listedActions = await server.app.inject({
        url: '/api/assistants/actions',
        headers: user.headers,
      });
      expect(listedActions.body).not.toContain(API_KEY);

      fake.script({
        replies: [
          { toolCalls: [{ id: 'call_pet', name: getPet, arguments: '{"petId":"rex","verbose":true}' }] },
          { text: 'Rex is a good dog.', chunkSize: 5 },
        ],
      });
      const reader = new EventReader(await chat({ text: 'Tell me about rex', assistant_id: assistant.id }));
      await reader.done;

      expect(listed.seen).toHaveLength(1);
      const [seen] = listed.seen;
      expect(seen).toMatchObject({ method: 'GET', url: '/v1/pets/rex?verbose=true' });
      expect(seen?.headers.authorization).toBe(`Bearer ${API_KEY}`);

      const part = partsOf(reader).at(-1);
      expect(part).toMatchObject({
        type: 'tool_call',
        tool_call: { id: 'call_pet', type: 'function', name: getPet, progress: 1 },
      });
      const output = part?.type === 'tool_call' ? (part.tool_call.output ?? '') : '';
      expect(JSON.parse(output)).toMatchObject({
        method: 'GET',
        path: '/v1/pets/rex',
        query: { verbose: 'true' },
      });

      // The second model call carries the action's answer as the tool result.
      const second = JSON.stringify(fake.requests[1]?.body);
      expect(second).toContain('call_pet');
      expect(second).toContain('/v1/pets/rex');
      expect(reader.text()).toBe('Rex is a good dog.');
      expect(reader.types().at(-1)).toBe('final');
      expect((await runsOf())[0]).toMatchObject({ status: 'completed' });
    },
  );

  it(
    'refuses an action whose address the YAML does not list: a failed part, nothing reached, the run ends',
    { timeout: 180_000 },
    async () => {
      const assistant = await createPets();
      const getPet = await addAction(assistant.id, unlisted);
      fake.script({
        replies: [
          { toolCalls: [{ id: 'call_pet', name: getPet, arguments: '{"petId":"rex"}' }] },
          { text: 'I could not reach the pet service.' },
        ],
      });
      const response = await chat({ text: 'Tell me about rex', assistant_id: assistant.id });
      expect(response.status).toBe(200);
      const reader = new EventReader(response);
      await reader.done;

      expect(unlisted.seen).toHaveLength(0);
      const part = partsOf(reader).at(-1);
      expect(part).toMatchObject({ type: 'tool_call', tool_call: { name: getPet, progress: 2 } });
      const output = part?.type === 'tool_call' ? (part.tool_call.output ?? '') : '';
      expect(output).toMatch(/^Error processing tool /);
      expect(output).toMatch(/127\.0\.0\.1.*is not allowed: it is a loopback address/);
      expect(JSON.stringify(fake.requests[1]?.body)).toContain('is not allowed');
      expect(reader.text()).toBe('I could not reach the pet service.');
      expect((await runsOf())[0]).toMatchObject({ status: 'completed' });
    },
  );

  it('records a provider failure as a failed run with its last error', { timeout: 180_000 }, async () => {
    const assistant = await createPets();
    fake.script({
      replies: [{ error: { status: 400, type: 'invalid_request_error', message: 'The model exploded.' } }],
    });
    const reader = new EventReader(await chat({ text: 'hi', assistant_id: assistant.id }));
    await reader.done;
    expect(reader.types()).toContain('error');
    expect(reader.types().at(-1)).toBe('final');
    const [run] = await runsOf();
    expect(run).toMatchObject({ status: 'failed' });
    expect(run?.failedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(run?.lastError)).toContain('The model exploded.');
  });
});

describeEachEngine('assistant runs past timeoutMs', (getDb, { getDatabase }) => {
  let server: ChatServer;
  beforeAll(async () => {
    // Long enough for the first words to arrive on a loaded machine: the limit cuts a reply already begun.
    server = await startWithYaml(getDatabase(), 'endpoints:\n  assistants:\n    timeoutMs: 6000\n');
  });
  afterAll(() => server.close());

  it(
    'ends a run still going after timeoutMs as expired, saving what was written and saying why',
    { timeout: 180_000 },
    async () => {
      fake.reset();
      const user = await chatUser(server);
      const assistant = await createAssistant(server, user);
      fake.script({ replies: [{ chunks: ['Thinking', ' very', ' slowly'], stallAfterChunks: 1 }] });
      const response = await assistantChat(server, user, {
        text: 'take your time',
        assistant_id: assistant.id,
      });
      const reader = new EventReader(response);
      await reader.done;
      expect(reader.types().at(-1)).toBe('final');
      // The reply keeps its text and is marked as cut off at the time limit (not stopped by its user).
      const reply = reader.final().responseMessage;
      expect(reply).toMatchObject({ text: 'Thinking', unfinished: true, finish_reason: RUN_EXPIRED });
      const saved = await server.app.inject({
        url: `/api/messages/${reply.conversationId}`,
        headers: user.headers,
      });
      expect(saved.json<Message[]>().find((m) => m.messageId === reply.messageId)).toMatchObject({
        unfinished: true,
        finish_reason: RUN_EXPIRED,
      });
      // The run's record says why it ended.
      const [run] = await getDb().select().from(assistantRuns).where(eq(assistantRuns.userId, user.user.id));
      expect(run).toMatchObject({
        status: 'expired',
        lastError: {
          code: 'run_expired',
          message: 'The run took too long and was stopped (time limit 6 s).',
        },
      });
    },
  );
});
