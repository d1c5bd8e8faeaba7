import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { FakeOpenAI } from '@parley/fakes/openai-server';
import { chatPaths } from '@parley/shared/api/chat-paths';
import { paths } from '@parley/shared/api/paths';
import { NO_PARENT } from '@parley/shared/constants';
import { fileUploadResponseSchema, type FileUploadResponse } from '@parley/shared/schemas/file';
import { assistants } from '../../src/db/schema';
import { multipartBody } from '../../src/files/test-multipart';
import { CHAT_MODEL, type ChatServer } from '../chat-harness';
import type { TestUser } from '../test-users';
import { ADMIN_ROUTE_KEYS } from './fuzz-table-admin';
import { BUDGETS_ADMIN_ROUTE_KEYS, USAGE_ROUTE_KEYS } from './fuzz-table-budgets';
import { ORGANISE_CASES } from './ownership-cases-organise';
import { SHARE_CASES } from './ownership-cases-shares';
import { TWO_FACTOR_CASES } from './ownership-cases-two-factor';
import { call, expectAUntouched, expectNotFound, whileAGenerates } from './ownership-probes';
import type { SeededRows } from './seed-rows';

export interface OwnershipContext {
  server: ChatServer;
  fake: FakeOpenAI;
  /** The owner of the rows, and the other user who tries to reach them. */
  a: TestUser;
  b: TestUser;
  aRows: SeededRows;
  bRows: SeededRows;
}

export interface OwnershipCase {
  /** `METHOD url` of the route under test. */
  route: string;
  name: string;
  check: (ctx: OwnershipContext) => Promise<void>;
}

const chatBody = (ctx: OwnershipContext, extra: object) => ({
  endpoint: 'openAI',
  model: CHAT_MODEL,
  text: 'hijack',
  conversationId: ctx.aRows.conversationId,
  parentMessageId: ctx.aRows.messageId,
  ...extra,
});

/** Uploads a small text file as `user`. */
async function uploadFile(ctx: OwnershipContext, user: TestUser): Promise<FileUploadResponse> {
  const { payload, headers } = multipartBody([
    { name: 'file_id', value: randomUUID() },
    { name: 'endpoint', value: 'openAI' },
    { name: 'file', filename: `${ctx.aRows.marker}.txt`, type: 'text/plain', data: ctx.aRows.marker },
  ]);
  const response = await ctx.server.app.inject({
    method: 'POST',
    url: paths.files,
    payload,
    headers: { ...user.headers, ...headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return fileUploadResponseSchema.parse(response.json());
}

const ACTION_SPEC = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'Weather', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: { '/weather': { get: { operationId: 'getWeather', responses: { '200': { description: 'ok' } } } } },
});

/** Creates an assistant of `user`'s named with the marker. */
async function createAssistant(ctx: OwnershipContext, user: TestUser): Promise<{ id: string }> {
  const response = await call(ctx.server.app, user, 'POST', paths.assistants, {
    model: CHAT_MODEL,
    name: `Assistant ${ctx.aRows.marker}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>();
}

/** A's assistant is still there, unchanged. */
async function expectAssistantUntouched(ctx: OwnershipContext, id: string): Promise<void> {
  const seen = await call(ctx.server.app, ctx.a, 'GET', `/api/assistants/${id}`);
  expect(seen.statusCode).toBe(200);
  expect(seen.json<{ name: string }>().name).toBe(`Assistant ${ctx.aRows.marker}`);
}

/** A's file's id (also in capitals) beside one of B's own: what B asks an assistant of B's to hold. */
async function foreignAndOwnFileIds(
  ctx: OwnershipContext,
): Promise<{ ids: string[]; own: string; foreign: string }> {
  const foreign = (await uploadFile(ctx, ctx.a)).file_id;
  const own = (await uploadFile(ctx, ctx.b)).file_id;
  return { ids: [foreign, foreign.toUpperCase(), own], own, foreign };
}

/** B's assistant holds B's own file and nothing of A's: in the answer, when read back, and in its row. */
async function expectOnlyOwnFile(
  ctx: OwnershipContext,
  answered: LightMyRequestResponse,
  files: { own: string; foreign: string },
): Promise<void> {
  expect(answered.statusCode, answered.body).toBeLessThan(300);
  const { id, file_ids } = answered.json<{ id: string; file_ids: string[] }>();
  expect(file_ids).toEqual([files.own]);
  const read = await call(ctx.server.app, ctx.b, 'GET', `/api/assistants/${id}`);
  expect(read.json<{ file_ids: string[] }>().file_ids).toEqual([files.own]);
  const [row] = await ctx.server.database.db
    .select({ fileIds: assistants.fileIds })
    .from(assistants)
    .where(eq(assistants.id, id));
  expect(JSON.stringify(row).toLowerCase()).not.toContain(files.foreign);
  expect(row?.fileIds).toEqual([files.own]);
}

/** Assistants: another user's assistant is a 404, never listed, never changed (reference §15.2's hole). */
const ASSISTANT_CASES: OwnershipCase[] = [
  ...(['GET', 'DELETE'] as const).map((method): OwnershipCase => ({
    route: `${method} ${paths.assistant}`,
    name: `${method === 'GET' ? 'reading' : 'deleting'} an assistant`,
    check: async (ctx) => {
      const { id } = await createAssistant(ctx, ctx.a);
      expectNotFound(await call(ctx.server.app, ctx.b, method, `/api/assistants/${id}`));
      await expectAssistantUntouched(ctx, id);
    },
  })),
  {
    route: `PATCH ${paths.assistant}`,
    name: 'changing an assistant',
    check: async (ctx) => {
      const { id } = await createAssistant(ctx, ctx.a);
      const response = await ctx.server.app.inject({
        method: 'PATCH',
        url: `/api/assistants/${id}`,
        headers: ctx.b.headers,
        payload: { name: 'hijacked' },
      });
      expectNotFound(response);
      await expectAssistantUntouched(ctx, id);
    },
  },
  {
    route: `POST ${paths.assistants}`,
    name: 'creating it with another user’s file',
    check: async (ctx) => {
      const files = await foreignAndOwnFileIds(ctx);
      const body = { model: CHAT_MODEL, name: 'Mine', file_ids: files.ids };
      await expectOnlyOwnFile(ctx, await call(ctx.server.app, ctx.b, 'POST', paths.assistants, body), files);
    },
  },
  {
    route: `PATCH ${paths.assistant}`,
    name: 'patching in another user’s file',
    check: async (ctx) => {
      const { id } = await createAssistant(ctx, ctx.b);
      const files = await foreignAndOwnFileIds(ctx);
      const response = await ctx.server.app.inject({
        method: 'PATCH',
        url: `/api/assistants/${id}`,
        headers: ctx.b.headers,
        payload: { file_ids: files.ids },
      });
      await expectOnlyOwnFile(ctx, response, files);
    },
  },
  {
    route: `POST ${paths.assistantAvatar}`,
    name: 'setting an assistant’s avatar',
    check: async (ctx) => {
      const { id } = await createAssistant(ctx, ctx.a);
      const { payload, headers } = multipartBody([
        {
          name: 'file',
          filename: 'a.gif',
          type: 'image/gif',
          data: Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'),
        },
      ]);
      const response = await ctx.server.app.inject({
        method: 'POST',
        url: `/api/assistants/avatar/${id}`,
        payload,
        headers: { ...ctx.b.headers, ...headers },
      });
      expectNotFound(response);
      await expectAssistantUntouched(ctx, id);
    },
  },
  {
    route: `POST ${paths.assistantsChat}`,
    name: 'chatting with another user’s assistant, or in their conversation',
    check: async (ctx) => {
      const { id } = await createAssistant(ctx, ctx.a);
      const { app } = ctx.server;
      const body = { text: 'hijack', model: CHAT_MODEL, assistant_id: id };
      expectNotFound(await call(app, ctx.b, 'POST', paths.assistantsChat, body));
      const own = await createAssistant(ctx, ctx.b);
      const intoA = {
        ...body,
        assistant_id: own.id,
        conversationId: ctx.aRows.conversationId,
        parentMessageId: ctx.aRows.messageId,
        thread_id: 'thread_x',
      };
      expectNotFound(await call(app, ctx.b, 'POST', paths.assistantsChat, intoA));
      await expectAUntouched(ctx);
    },
  },
  {
    route: `POST ${paths.assistantsChatAbort}`,
    name: 'stopping another user’s run',
    check: (ctx) =>
      whileAGenerates(ctx, async (conversationId) => {
        const body = { abortKey: conversationId, endpoint: 'assistants' };
        expectNotFound(await call(ctx.server.app, ctx.b, 'POST', paths.assistantsChatAbort, body));
      }),
  },
  {
    route: `POST ${paths.assistantActions}`,
    name: 'adding an action to another user’s assistant',
    check: async (ctx) => {
      const { id } = await createAssistant(ctx, ctx.a);
      const body = { metadata: { raw_spec: ACTION_SPEC, auth: { type: 'none' } }, model: CHAT_MODEL };
      expectNotFound(await call(ctx.server.app, ctx.b, 'POST', `/api/assistants/actions/${id}`, body));
      await expectAssistantUntouched(ctx, id);
    },
  },
  {
    route: `DELETE ${paths.assistantAction}`,
    name: 'deleting another user’s action',
    check: async (ctx) => {
      const { id } = await createAssistant(ctx, ctx.a);
      const body = { metadata: { raw_spec: ACTION_SPEC, auth: { type: 'none' } }, model: CHAT_MODEL };
      const saved = await call(ctx.server.app, ctx.a, 'POST', `/api/assistants/actions/${id}`, body);
      expect(saved.statusCode, saved.body).toBe(200);
      const actionId = saved.json<[unknown, unknown, { action_id: string }]>()[2].action_id;
      const url = `/api/assistants/actions/${id}/${actionId}/${CHAT_MODEL}`;
      expectNotFound(await call(ctx.server.app, ctx.b, 'DELETE', url));
      const listed = await call(ctx.server.app, ctx.b, 'GET', paths.assistantsActions);
      expect(listed.json()).toEqual([]);
      const mine = await call(ctx.server.app, ctx.a, 'GET', paths.assistantsActions);
      expect(mine.json<unknown[]>()).toHaveLength(1);
    },
  },
  ...[paths.assistants, paths.assistantsDocuments].map((path): OwnershipCase => ({
    route: `GET ${path}`,
    name: 'listing assistants',
    check: async (ctx) => {
      const { id } = await createAssistant(ctx, ctx.a);
      const asB = await call(ctx.server.app, ctx.b, 'GET', path);
      expect(asB.statusCode).toBe(200);
      expect(asB.body).not.toContain(id);
      expect(asB.body).not.toContain(ctx.a.user.id);
      const asA = await call(ctx.server.app, ctx.a, 'GET', path);
      expect(asA.body).toContain(id);
    },
  })),
];

/** Routes of the files feature: another user's file is a 404, never listed, never deleted. */
const FILE_CASES: OwnershipCase[] = [
  {
    route: `GET ${paths.filesDownload}`,
    name: 'downloading a file',
    check: async (ctx) => {
      const file = await uploadFile(ctx, ctx.a);
      const { app } = ctx.server;
      for (const owner of [ctx.a.user.id, ctx.b.user.id]) {
        expectNotFound(await call(app, ctx.b, 'GET', `/api/files/download/${owner}/${file.file_id}`));
      }
    },
  },
  {
    route: `GET ${paths.filesContent}`,
    name: 'loading a file through a link signed for another file',
    check: async (ctx) => {
      const mine = await uploadFile(ctx, ctx.b);
      const theirs = await uploadFile(ctx, ctx.a);
      const query = mine.filepath.split('?')[1] ?? '';
      expectNotFound(
        await call(ctx.server.app, ctx.b, 'GET', `/api/files/content/${theirs.file_id}?${query}`),
      );
    },
  },
  {
    route: `DELETE ${paths.files}`,
    name: 'deleting a file',
    check: async (ctx) => {
      const file = await uploadFile(ctx, ctx.a);
      const { app } = ctx.server;
      const deleted = await call(app, ctx.b, 'DELETE', paths.files, { files: [{ file_id: file.file_id }] });
      expect(deleted.json()).toMatchObject({ deleted: 0 });
      expect((await call(app, ctx.a, 'GET', file.filepath)).statusCode).toBe(200);
    },
  },
  {
    route: `GET ${paths.files}`,
    name: 'listing files',
    check: async (ctx) => {
      const file = await uploadFile(ctx, ctx.a);
      const { app } = ctx.server;
      expect((await call(app, ctx.b, 'GET', paths.files)).body).not.toContain(file.file_id);
      expect((await call(app, ctx.a, 'GET', paths.files)).body).toContain(file.file_id);
    },
  },
];

/** Routes that take the id of a user's row: another user's id is a 404 and changes nothing. */
export const OWNED_ID_CASES: OwnershipCase[] = [
  {
    route: `GET ${paths.convo}`,
    name: 'reading a conversation',
    check: async ({ server, b, aRows }) =>
      expectNotFound(await call(server.app, b, 'GET', `/api/convos/${aRows.conversationId}`)),
  },
  {
    route: `POST ${paths.convosUpdate}`,
    name: 'renaming a conversation',
    check: async (ctx) => {
      const arg = { conversationId: ctx.aRows.conversationId, title: 'hijacked', promptPrefix: 'x' };
      expectNotFound(await call(ctx.server.app, ctx.b, 'POST', paths.convosUpdate, { arg }));
      await expectAUntouched(ctx);
    },
  },
  {
    route: `POST ${paths.convosClear}`,
    name: 'deleting a conversation, or all',
    check: async (ctx) => {
      const { app } = ctx.server;
      const arg = { conversationId: ctx.aRows.conversationId };
      expectNotFound(await call(app, ctx.b, 'POST', paths.convosClear, { arg }));
      expect((await call(app, ctx.b, 'POST', paths.convosClear, { arg: {} })).statusCode).toBe(200);
      await expectAUntouched(ctx);
    },
  },
  {
    route: `POST ${paths.convosGenTitle}`,
    name: 'reading a generated title',
    check: async ({ server, b, aRows }) =>
      expectNotFound(
        await call(server.app, b, 'POST', paths.convosGenTitle, { conversationId: aRows.conversationId }),
      ),
  },
  {
    route: `GET ${paths.messages}`,
    name: 'reading the messages of a conversation',
    check: async ({ server, b, aRows }) =>
      expectNotFound(await call(server.app, b, 'GET', `/api/messages/${aRows.conversationId}`)),
  },
  {
    route: `PUT ${paths.message}`,
    name: 'editing a message, also through one’s own conversation',
    check: async (ctx) => {
      const { app } = ctx.server;
      const { aRows, bRows } = ctx;
      for (const conversationId of [aRows.conversationId, bRows.conversationId]) {
        const url = `/api/messages/${conversationId}/${aRows.messageId}`;
        expectNotFound(await call(app, ctx.b, 'PUT', url, { text: 'hijacked' }));
      }
      await expectAUntouched(ctx);
    },
  },
  {
    route: `PUT ${paths.keys}`,
    name: 'saving a key of the same name',
    check: async (ctx) => {
      const body = { name: ctx.aRows.keyName, value: 'sk-b', expiresAt: null };
      expect((await call(ctx.server.app, ctx.b, 'PUT', paths.keys, body)).statusCode).toBe(201);
      await expectAUntouched(ctx);
    },
  },
  {
    route: `DELETE ${paths.keyByName}`,
    name: 'deleting a key of the same name, then reading it',
    check: async (ctx) => {
      const { app } = ctx.server;
      const name = ctx.aRows.keyName;
      expect((await call(app, ctx.b, 'DELETE', `/api/keys/${name}`)).statusCode).toBe(204);
      expect((await call(app, ctx.b, 'GET', `${paths.keys}?name=${name}`)).json()).toEqual({
        expiresAt: null,
      });
      await expectAUntouched(ctx);
    },
  },
  {
    route: `GET ${paths.keys}`,
    name: 'reading the expiry of a key one does not have',
    check: async (ctx) => {
      const { app } = ctx.server;
      await call(app, ctx.b, 'DELETE', `${paths.keys}?all=true`);
      const seen = await call(app, ctx.b, 'GET', `${paths.keys}?name=${ctx.aRows.keyName}`);
      expect(seen.json()).toEqual({ expiresAt: null });
    },
  },
  {
    route: `DELETE ${paths.keys}`,
    name: 'deleting all keys',
    check: async (ctx) => {
      expect((await call(ctx.server.app, ctx.b, 'DELETE', `${paths.keys}?all=true`)).statusCode).toBe(204);
      await expectAUntouched(ctx);
    },
  },
  {
    route: `POST ${paths.presets}`,
    name: 'overwriting a preset',
    check: async (ctx) => {
      const body = { presetId: ctx.aRows.presetId, title: 'hijacked', endpoint: 'openAI' };
      expectNotFound(await call(ctx.server.app, ctx.b, 'POST', paths.presets, body));
      await expectAUntouched(ctx);
    },
  },
  {
    route: `POST ${paths.presetsDelete}`,
    name: 'deleting a preset, or all',
    check: async (ctx) => {
      const { app } = ctx.server;
      expectNotFound(await call(app, ctx.b, 'POST', paths.presetsDelete, { presetId: ctx.aRows.presetId }));
      expect((await call(app, ctx.b, 'POST', paths.presetsDelete, {})).statusCode).toBe(200);
      await expectAUntouched(ctx);
    },
  },
  {
    route: `POST ${chatPaths.ask}`,
    name: 'continuing a conversation',
    check: async (ctx) => {
      expectNotFound(await call(ctx.server.app, ctx.b, 'POST', '/api/ask/openAI', chatBody(ctx, {})));
      await expectAUntouched(ctx);
    },
  },
  {
    route: `POST ${chatPaths.edit}`,
    name: 'editing or continuing a message',
    check: async (ctx) => {
      const { app } = ctx.server;
      const { aRows, bRows } = ctx;
      const intoA = chatBody(ctx, { isContinued: true, responseMessageId: aRows.messageId });
      expectNotFound(await call(app, ctx.b, 'POST', '/api/edit/openAI', intoA));
      const throughB = chatBody(ctx, {
        conversationId: bRows.conversationId,
        parentMessageId: bRows.messageId,
        responseMessageId: aRows.messageId,
        isContinued: true,
      });
      expectNotFound(await call(app, ctx.b, 'POST', '/api/edit/openAI', throughB));
      await expectAUntouched(ctx);
    },
  },
  ...(['ask', 'edit'] as const).map((mode): OwnershipCase => ({
    route: `POST ${mode === 'ask' ? chatPaths.askAbort : chatPaths.editAbort}`,
    name: `stopping a reply being generated (${mode})`,
    check: (ctx) =>
      whileAGenerates(ctx, async (conversationId) => {
        const body = { abortKey: conversationId, endpoint: 'openAI' };
        expectNotFound(await call(ctx.server.app, ctx.b, 'POST', `/api/${mode}/openAI/abort`, body));
      }),
  })),
  {
    route: `GET ${chatPaths.resume}`,
    name: 'resuming a reply being generated',
    check: (ctx) =>
      whileAGenerates(ctx, async (conversationId) => {
        expectNotFound(await call(ctx.server.app, ctx.b, 'GET', `/api/ask/stream/${conversationId}`));
      }),
  },
  {
    route: `POST ${paths.convosImport}`,
    name: 'importing a file that names another user’s ids',
    check: async (ctx) => {
      const { aRows } = ctx;
      const file = {
        conversationId: aRows.conversationId,
        title: 'hijacked',
        endpoint: 'openAI',
        messages: [
          {
            messageId: aRows.messageId,
            parentMessageId: NO_PARENT,
            text: 'hijacked',
            sender: 'User',
            isCreatedByUser: true,
          },
        ],
      };
      const imported = await call(ctx.server.app, ctx.b, 'POST', paths.convosImport, file);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json<{ conversationIds: string[] }>().conversationIds).not.toContain(
        aRows.conversationId,
      );
      await expectAUntouched(ctx);
    },
  },
  ...FILE_CASES,
  ...ASSISTANT_CASES,
  ...ORGANISE_CASES,
  ...SHARE_CASES,
  ...TWO_FACTOR_CASES,
];

/**
 * Listing routes (URL to list with): what B gets never names A's rows or A, while what A gets does (so the
 * probe works).
 */
export const LISTING_ROUTES: Record<string, (rows: SeededRows) => string> = {
  [`GET ${paths.convos}`]: () => paths.convos,
  [`GET ${paths.presets}`]: () => paths.presets,
  [`GET ${paths.search}`]: (rows) => `${paths.search}?q=${rows.marker}`,
  [`GET ${paths.convosExport}`]: () => paths.convosExport,
  [`GET ${paths.user}`]: () => paths.user,
};

/** Routes that take no id of a user's row and list nothing of one (public, auth flows, the caller's own). */
export const NO_USER_ROWS = [
  `GET ${paths.health}`,
  // The caller's own plugin installs and credentials (isolation between users: tools/routes.test.ts).
  `GET ${paths.plugins}`,
  `POST ${paths.userPlugins}`,
  `GET ${paths.config}`,
  `POST ${paths.authRegister}`,
  `POST ${paths.authLogin}`,
  `POST ${paths.authRefresh}`,
  `POST ${paths.authLogout}`,
  `POST ${paths.authRequestPasswordReset}`,
  `POST ${paths.authResetPassword}`,
  // The sign-in's second step: its temp token names the user (isolation: src/two-factor/routes.test.ts).
  `POST ${paths.twoFactorVerifyTemp}`,
  // The caller's own account only (isolation: auth/account-routes.test.ts keeps another user's rows).
  `PATCH ${paths.user}`,
  `DELETE ${paths.user}`,
  `POST ${paths.authPassword}`,
  `POST ${paths.authRevokeOtherSessions}`,
  `GET ${paths.oauthLogin}`,
  `GET ${paths.oauthCallback}`,
  `GET ${paths.balance}`,
  `GET ${paths.endpoints}`,
  `GET ${paths.endpointsOverride}`,
  `GET ${paths.models}`,
  `POST ${paths.tokenizer}`,
  `GET ${paths.searchEnable}`,
  `GET ${paths.filesConfig}`,
  // The tool list is the same for everyone (authenticated per caller).
  `GET ${paths.assistantsTools}`,
  // Lists only the caller's actions (checked by the action delete case).
  `GET ${paths.assistantsActions}`,
  // The caller's own usage; takes no id.
  `GET ${paths.filesUsage}`,
  // Uploads only ever create the caller's own files.
  `POST ${paths.files}`,
  `POST ${paths.filesImages}`,
  `POST ${paths.filesAvatar}`,
  // Administrators only (every account's rows by design); role refusals: src/admin/routes.test.ts.
  ...ADMIN_ROUTE_KEYS,
  ...BUDGETS_ADMIN_ROUTE_KEYS,
  // The caller's own usage and limits, no id taken (isolation: src/admin/budgets-usage-routes.test.ts).
  ...USAGE_ROUTE_KEYS,
];
