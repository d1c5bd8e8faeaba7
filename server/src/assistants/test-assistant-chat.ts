// Test-only helpers of the assistants chat tests (not imported by the app): an app whose openAI and assistants
// endpoints are the fake OpenAI, and the requests these tests make — create an assistant, give it a knowledge
// file, chat with it.
import { randomUUID } from 'node:crypto';
import type { Assistant } from '@parley/shared/schemas/assistant';
import { chatEnv, postJson, startChatServer, type ChatServer } from '../../test/chat-harness';
import type { TestUser } from '../../test/test-users';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import { multipartBody } from '../files/test-multipart';
import type { SandboxPool } from '../sandbox';
import type { ManifestEntry } from '../tools/manifest/manifest-entry';

export const ASSISTANT_MODEL = 'gpt-4o-mini';

type Fake = Parameters<typeof chatEnv>[0];

/** `chatEnv` with the assistants endpoint on the fake too (`env` adds to it, e.g. `CONFIG_PATH`). */
export function assistantsEnv(fake: Fake, env: Env = {}): Env {
  return chatEnv(fake, {
    ASSISTANTS_API_KEY: 'sk-test',
    ASSISTANTS_BASE_URL: fake.baseURL,
    ASSISTANTS_MODELS: ASSISTANT_MODEL,
    ...env,
  });
}

/** The app on `database`, listening, with the assistants endpoint on the fake. */
export function startAssistantsServer(
  database: Database,
  fake: Fake,
  options: { env?: Env; toolManifest?: readonly ManifestEntry[]; sandbox?: SandboxPool } = {},
): Promise<ChatServer> {
  const deps = {
    ...(options.toolManifest ? { toolManifest: options.toolManifest } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  };
  return startChatServer(database, assistantsEnv(fake, options.env), undefined, deps);
}

/** `POST /api/assistants` as `user` (model `gpt-4o-mini` unless `body` names one); throws unless 201. */
export async function createAssistant(
  server: ChatServer,
  user: TestUser,
  body: object = {},
): Promise<Assistant> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/assistants',
    headers: user.headers,
    payload: { model: ASSISTANT_MODEL, ...body },
  });
  if (response.statusCode !== 201) {
    throw new Error(`creating an assistant answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<Assistant>();
}

/** `POST /api/assistants/chat` as `user`, a new conversation unless `body` names one; the streaming response. */
export function assistantChat(server: ChatServer, user: TestUser, body: object): Promise<Response> {
  return postJson(server, '/api/assistants/chat', user, {
    model: ASSISTANT_MODEL,
    conversationId: null,
    ...body,
  });
}

/** Uploads `file` as the assistant's knowledge (`POST /api/files`, endpoint assistants); its file_id. */
export async function addKnowledgeFile(
  server: ChatServer,
  user: TestUser,
  assistantId: string,
  file: { filename: string; type: string; data: Buffer | string },
): Promise<string> {
  const { payload, headers } = multipartBody([
    { name: 'file_id', value: randomUUID() },
    { name: 'endpoint', value: 'assistants' },
    { name: 'assistant_id', value: assistantId },
    { name: 'message_file', value: 'false' },
    { name: 'file', ...file },
  ]);
  const uploaded = await server.app.inject({
    method: 'POST',
    url: '/api/files',
    payload,
    headers: { ...user.headers, ...headers },
  });
  if (uploaded.statusCode !== 200) {
    throw new Error(`the knowledge upload answered ${uploaded.statusCode}: ${uploaded.body}`);
  }
  return uploaded.json<{ file_id: string }>().file_id;
}
