import fc from 'fast-check';
import { chatPaths } from '@parley/shared/api/chat-paths';
import { paths } from '@parley/shared/api/paths';
import { NO_PARENT } from '@parley/shared/constants';
import { adminFuzzRows } from './fuzz-table-admin';
import { organiseFuzzRows } from './fuzz-table-organise';
import { sharesFuzzRows } from './fuzz-table-shares';
import { budgetsAdminFuzzRows, usageFuzzRows } from './fuzz-table-budgets';
import { twoFactorFuzzRows } from './fuzz-table-two-factor';
import { importBody } from './fuzz-import-body';
import { hostileString, hostileUrlValue, shape } from './hostile-values';

/** Rows of user A's the fuzzed requests may name, so the "found" branches run too. */
export interface FuzzFixtures {
  conversationId: string;
  messageId: string;
  keyName: string;
  presetId: string;
}

export interface RouteFuzz {
  /** Public routes are fuzzed without a token. */
  auth: boolean;
  /** Path parameters, already percent-encoded. */
  params?: Record<string, fc.Arbitrary<string>>;
  /** Query parameters, already percent-encoded; each may be absent or repeated. */
  query?: Record<string, fc.Arbitrary<string>>;
  headers?: Record<string, fc.Arbitrary<string>>;
  body?: fc.Arbitrary<unknown>;
  /** What a 2xx is: JSON, an event stream, a redirect (social login), nothing, or a file's bytes. */
  success: 'json' | 'stream' | 'redirect' | 'empty' | 'bytes';
}

const plain = (values: readonly string[]) => fc.constantFrom(...values);
const text = fc.string({ maxLength: 30 });
const uuid = fc.uuid();
const encoded = (arbitrary: fc.Arbitrary<string>) => arbitrary.map(encodeURIComponent);
/** A plausible id: the fixture's, another valid UUID, the root id, or junk. */
const idParam = (id: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(id) },
    { weight: 1, arbitrary: uuid },
    { weight: 1, arbitrary: fc.constantFrom(NO_PARENT, 'new', id.toUpperCase(), `${id}x`) },
    { weight: 2, arbitrary: hostileUrlValue },
  );
const urlValue = (plausible: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 2, arbitrary: encoded(plausible) }, { weight: 1, arbitrary: hostileUrlValue });
const bodyId = (id: string) => fc.oneof(fc.constant(id), uuid, fc.constant(NO_PARENT));
const ENDPOINTS = ['openAI', 'azureOpenAI', 'anthropic', 'google', 'custom', 'gptPlugins', 'bingAI', 'nope'];
/** Mostly the endpoint the app has (the fake OpenAI), so requests get past "unknown endpoint". */
const endpointName = fc.oneof(
  { weight: 8, arbitrary: fc.constant('openAI') },
  { weight: 1, arbitrary: plain(ENDPOINTS) },
);
const email = fc.oneof(fc.emailAddress(), plain(['a@b.co', 'user@example.com']));
const password = fc.oneof(fc.string({ minLength: 8, maxLength: 20 }), fc.constant('password123'));
const pageNumber = plain(['1', '2', '0', '-1', '1.5', '9007199254740993', '']);
/** `GET /api/convos` cursors: one of the right shape, a 31 February, and no cursor at all. */
const listCursor = plain([
  Buffer.from('2026-01-01T00:00:00.000000Z 00000000-0000-4000-8000-000000000000').toString('base64url'),
  Buffer.from('2026-02-31T00:00:00.000000Z 00000000-0000-4000-8000-000000000000').toString('base64url'),
  '',
]);

const endpointOptions = {
  model: fc.oneof(
    { weight: 3, arbitrary: fc.constant('gpt-4o-mini') },
    { weight: 1, arbitrary: plain(['gpt-4o', 'nope']) },
  ),
  temperature: fc.double({ min: 0, max: 2, noNaN: true }),
  top_p: fc.double({ min: 0, max: 1, noNaN: true }),
  promptPrefix: text,
  stop: fc.array(text, { maxLength: 6 }),
  tools: fc.array(fc.oneof(text, fc.record({ pluginKey: text })), { maxLength: 3 }),
  examples: fc.array(
    fc.record({ input: fc.record({ content: text }), output: fc.record({ content: text }) }),
  ),
  presetOverride: fc.dictionary(text, fc.jsonValue({ maxDepth: 2 })),
  imageDetail: plain(['low', 'auto', 'high']),
};

/** A valid request whose text is hostile: it reaches the provider, the database and the stream. */
function validChatBody(f: FuzzFixtures) {
  return fc.record({
    text: hostileString.filter((value) => !value.includes('\u0000') && value.length <= 1_000_000),
    endpoint: fc.constant('openAI'),
    model: fc.constant('gpt-4o-mini'),
    conversationId: fc.constantFrom(null, f.conversationId),
    parentMessageId: fc.constantFrom(f.messageId, NO_PARENT),
  });
}

function chatBody(f: FuzzFixtures) {
  return fc.oneof(validChatBody(f), anyChatBody(f));
}

function anyChatBody(f: FuzzFixtures) {
  return shape({
    text: fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: hostileString }),
    conversationId: fc.oneof(fc.constant(null), fc.constant('new'), bodyId(f.conversationId)),
    parentMessageId: bodyId(f.messageId),
    overrideParentMessageId: bodyId(f.messageId),
    responseMessageId: uuid,
    generation: text,
    isContinued: fc.boolean(),
    isRegenerate: fc.boolean(),
    files: fc.array(fc.record({ file_id: text }), { maxLength: 3 }),
    endpoint: endpointName,
    endpointType: endpointName,
    key: text,
    ...endpointOptions,
  });
}

const assistantId = fc.oneof(plain(['asst_abcdefghijklmnopqrstuvwx', 'asst_', '']), text);
const assistantTool = fc.oneof(
  plain(['calculator', 'image_vision', 'code_interpreter', 'nope']),
  fc.record({ type: plain(['code_interpreter', 'retrieval', 'function', 'x']) }),
  fc.record({
    type: fc.constant('function'),
    function: shape({
      name: text,
      description: text,
      parameters: fc.dictionary(text, fc.jsonValue({ maxDepth: 2 })),
    }),
  }),
);
const assistantBody = shape({
  model: fc.oneof(fc.constant('gpt-4o-mini'), text),
  name: fc.oneof(text, fc.string({ minLength: 250, maxLength: 260 })),
  description: text,
  instructions: text,
  tools: fc.array(assistantTool, { maxLength: 4 }),
  file_ids: fc.array(fc.oneof(uuid, text), { maxLength: 3 }),
  metadata: fc.dictionary(text, text),
});

const abortBody = (f: FuzzFixtures) =>
  shape({ abortKey: fc.oneof(fc.constant(f.conversationId), uuid, text), endpoint: plain(ENDPOINTS) });

/**
 * Every route of the app, by `METHOD url`, with what to fuzz. The fuzz test fails for a registered route
 * missing here; a row whose route is not registered (yet) is skipped.
 */
export function fuzzTable(f: FuzzFixtures): Record<string, RouteFuzz> {
  const conversationId = idParam(f.conversationId);
  const endpoint = urlValue(endpointName);
  const provider = urlValue(plain(['google', 'github', 'discord', 'facebook', 'openid', 'twitter']));
  return {
    [`GET ${paths.health}`]: { auth: false, success: 'json' },
    [`GET ${paths.config}`]: { auth: false, success: 'json' },

    [`POST ${paths.authRegister}`]: {
      auth: false,
      success: 'json',
      body: shape({ name: text, username: text, email, password, confirm_password: password }),
    },
    [`POST ${paths.authLogin}`]: { auth: false, success: 'json', body: shape({ email, password }) },
    [`POST ${paths.authRefresh}`]: {
      auth: false,
      success: 'json',
      query: { retry: urlValue(plain(['true', 'false'])) },
      headers: { cookie: fc.oneof(encoded(text), fc.constant('refreshToken=abc.def')) },
    },
    [`POST ${paths.authLogout}`]: { auth: false, success: 'json', body: shape({}) },
    [`POST ${paths.authRequestPasswordReset}`]: { auth: false, success: 'json', body: shape({ email }) },
    [`POST ${paths.authResetPassword}`]: {
      auth: false,
      success: 'json',
      body: shape({ token: text, userId: uuid, password, confirm_password: password }),
    },
    [`GET ${paths.oauthLogin}`]: { auth: false, success: 'redirect', params: { provider } },
    [`GET ${paths.oauthCallback}`]: {
      auth: false,
      success: 'redirect',
      params: { provider },
      query: { code: urlValue(text), state: urlValue(text), error: urlValue(text) },
    },

    [`GET ${paths.user}`]: { auth: true, success: 'json' },
    [`PATCH ${paths.user}`]: { auth: true, success: 'json', body: shape({ name: text }) },
    [`DELETE ${paths.user}`]: { auth: true, success: 'json', body: shape({ email }) },
    [`POST ${paths.authPassword}`]: {
      auth: true,
      success: 'json',
      body: shape({ currentPassword: password, password, confirm_password: password }),
    },
    [`POST ${paths.authRevokeOtherSessions}`]: { auth: true, success: 'json', body: shape({}) },
    [`GET ${paths.plugins}`]: { auth: true, success: 'json' },
    [`POST ${paths.userPlugins}`]: {
      auth: true,
      success: 'json',
      body: shape({
        pluginKey: fc.oneof(fc.constant('calculator'), text),
        action: fc.oneof(fc.constantFrom('install', 'uninstall'), text),
        auth: fc.dictionary(text, text),
      }),
    },
    [`GET ${paths.balance}`]: { auth: true, success: 'json' },
    [`GET ${paths.endpoints}`]: { auth: false, success: 'json' },
    [`GET ${paths.endpointsOverride}`]: { auth: false, success: 'json' },
    [`GET ${paths.models}`]: { auth: true, success: 'json' },
    [`POST ${paths.tokenizer}`]: {
      auth: true,
      success: 'json',
      body: shape({ arg: fc.oneof(text, fc.record({ text })) }),
    },

    [`GET ${paths.convos}`]: {
      auth: true,
      success: 'json',
      query: { pageNumber: urlValue(pageNumber), cursor: urlValue(listCursor) },
    },
    [`GET ${paths.convo}`]: { auth: true, success: 'json', params: { conversationId } },
    [`POST ${paths.convosUpdate}`]: {
      auth: true,
      success: 'json',
      body: shape({
        arg: shape({ conversationId: bodyId(f.conversationId), title: text, ...endpointOptions }),
      }),
    },
    [`POST ${paths.convosClear}`]: {
      auth: true,
      success: 'json',
      body: shape({
        arg: shape({ conversationId: bodyId(f.conversationId), source: plain(['button']), thread_id: text }),
      }),
    },
    [`POST ${paths.convosGenTitle}`]: {
      auth: true,
      success: 'json',
      body: shape({ conversationId: bodyId(f.conversationId) }),
    },
    [`GET ${paths.messages}`]: { auth: true, success: 'json', params: { conversationId } },
    [`PUT ${paths.message}`]: {
      auth: true,
      success: 'json',
      params: { conversationId, messageId: idParam(f.messageId) },
      body: shape({ text, model: plain(['gpt-4o', 'gpt-4', 'claude-3-opus']) }),
    },

    [`PUT ${paths.keys}`]: {
      auth: true,
      success: 'empty',
      body: shape({
        name: fc.oneof(fc.constant(f.keyName), text),
        value: text,
        expiresAt: fc.oneof(
          fc.constant(null),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
      }),
    },
    [`GET ${paths.keys}`]: {
      auth: true,
      success: 'json',
      query: { name: urlValue(fc.oneof(fc.constant(f.keyName), text)) },
    },
    [`DELETE ${paths.keys}`]: {
      auth: true,
      success: 'empty',
      query: { all: urlValue(plain(['true', 'false'])) },
    },
    [`DELETE ${paths.keyByName}`]: {
      auth: true,
      success: 'empty',
      params: { name: urlValue(fc.oneof(fc.constant(f.keyName), text)) },
    },

    [`POST ${chatPaths.ask}`]: { auth: true, success: 'stream', params: { endpoint }, body: chatBody(f) },
    [`POST ${chatPaths.edit}`]: { auth: true, success: 'stream', params: { endpoint }, body: chatBody(f) },
    [`POST ${chatPaths.askAbort}`]: { auth: true, success: 'json', params: { endpoint }, body: abortBody(f) },
    [`POST ${chatPaths.editAbort}`]: {
      auth: true,
      success: 'json',
      params: { endpoint },
      body: abortBody(f),
    },
    [`GET ${chatPaths.resume}`]: {
      auth: true,
      success: 'stream',
      params: { conversationId },
      headers: { 'last-event-id': plain(['', '0', '1', '-1', 'abc', '1e309', '9007199254740993']) },
    },

    [`GET ${paths.presets}`]: { auth: true, success: 'json' },
    [`POST ${paths.presets}`]: {
      auth: true,
      success: 'json',
      body: shape({
        presetId: fc.oneof(fc.constant(f.presetId), uuid, fc.constant(null)),
        title: text,
        endpoint: plain(ENDPOINTS),
        defaultPreset: fc.boolean(),
        order: fc.integer(),
        ...endpointOptions,
      }),
    },
    [`POST ${paths.presetsDelete}`]: {
      auth: true,
      success: 'json',
      body: shape({ presetId: fc.oneof(fc.constant(f.presetId), uuid) }),
    },
    [`GET ${paths.searchEnable}`]: { auth: true, success: 'json' },
    [`GET ${paths.search}`]: {
      auth: true,
      success: 'json',
      query: {
        q: urlValue(fc.oneof(text, plain(['"', '-', '*', 'a & b', '!(', 'OR', "'"]))),
        pageNumber: urlValue(pageNumber),
      },
    },
    [`POST ${paths.convosImport}`]: { auth: true, success: 'json', body: importBody(f) },
    [`GET ${paths.convosExport}`]: { auth: true, success: 'json' },

    // Uploads are multipart: the JSON and broken bodies fuzzed here must all get a readable 4xx.
    [`GET ${paths.files}`]: { auth: true, success: 'json' },
    [`GET ${paths.filesConfig}`]: { auth: true, success: 'json' },
    [`GET ${paths.filesUsage}`]: { auth: true, success: 'json' },
    [`POST ${paths.files}`]: {
      auth: true,
      success: 'json',
      body: shape({ file_id: uuid, endpoint: endpointName }),
    },
    [`POST ${paths.filesImages}`]: {
      auth: true,
      success: 'json',
      body: shape({ file_id: uuid, endpoint: endpointName, width: fc.integer(), height: fc.integer() }),
    },
    [`POST ${paths.filesAvatar}`]: {
      auth: true,
      success: 'json',
      body: shape({ manual: plain(['true', 'false']) }),
    },
    [`DELETE ${paths.files}`]: {
      auth: true,
      success: 'json',
      body: shape({
        files: fc.array(shape({ file_id: fc.oneof(uuid, text), filepath: text, embedded: fc.boolean() }), {
          maxLength: 3,
        }),
        assistant_id: text,
      }),
    },
    [`GET ${paths.filesDownload}`]: {
      auth: true,
      success: 'bytes',
      params: { userId: urlValue(uuid), fileId: urlValue(uuid) },
    },
    [`GET ${paths.assistants}`]: {
      auth: true,
      success: 'json',
      query: {
        limit: urlValue(plain(['1', '100', '101', '0', '-1', 'x', '1.5'])),
        order: urlValue(plain(['asc', 'desc', 'up'])),
        after: urlValue(assistantId),
        before: urlValue(assistantId),
      },
    },
    [`POST ${paths.assistants}`]: { auth: true, success: 'json', body: assistantBody },
    [`GET ${paths.assistantsTools}`]: { auth: true, success: 'json' },
    [`GET ${paths.assistantsDocuments}`]: { auth: true, success: 'json' },
    [`GET ${paths.assistant}`]: { auth: true, success: 'json', params: { id: urlValue(assistantId) } },
    [`PATCH ${paths.assistant}`]: {
      auth: true,
      success: 'json',
      params: { id: urlValue(assistantId) },
      body: assistantBody,
    },
    [`DELETE ${paths.assistant}`]: {
      auth: true,
      success: 'json',
      params: { id: urlValue(assistantId) },
      query: { model: urlValue(text) },
    },
    [`POST ${paths.assistantsChat}`]: {
      auth: true,
      success: 'stream',
      body: shape({
        text: fc.oneof(text, hostileString),
        model: fc.oneof(fc.constant('gpt-4o-mini'), text),
        assistant_id: assistantId,
        conversationId: fc.oneof(fc.constant(null), fc.constant('new'), bodyId(f.conversationId)),
        parentMessageId: bodyId(f.messageId),
        thread_id: text,
        promptPrefix: text,
        files: fc.array(fc.record({ file_id: text }), { maxLength: 2 }),
      }),
    },
    [`GET ${paths.assistantsActions}`]: { auth: true, success: 'json' },
    [`POST ${paths.assistantActions}`]: {
      auth: true,
      success: 'json',
      params: { assistant_id: urlValue(assistantId) },
      body: shape({
        action_id: text,
        model: text,
        functions: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 2 }),
        metadata: shape({
          domain: text,
          raw_spec: fc.oneof(text, plain(['openapi: 3.0.0', '{"openapi":"3.0.0","servers":[],"paths":{}}'])),
          auth: shape({
            type: plain(['none', 'service_http', 'oauth', 'x']),
            authorization_type: plain(['bearer', 'basic', 'custom']),
          }),
          api_key: text,
        }),
      }),
    },
    [`DELETE ${paths.assistantAction}`]: {
      auth: true,
      success: 'json',
      params: { assistant_id: urlValue(assistantId), action_id: urlValue(text), model: urlValue(text) },
    },
    [`POST ${paths.assistantsChatAbort}`]: { auth: true, success: 'json', body: abortBody(f) },
    [`POST ${paths.assistantAvatar}`]: {
      auth: true,
      success: 'json',
      params: { assistant_id: urlValue(assistantId) },
      query: { model: urlValue(text) },
      body: shape({ metadata: text }),
    },
    [`GET ${paths.filesContent}`]: {
      auth: false,
      success: 'bytes',
      params: { fileId: urlValue(uuid) },
      query: { sig: urlValue(fc.oneof(text, fc.stringMatching(/^[\w-]{43}$/))) },
    },
    ...adminFuzzRows(),
    ...organiseFuzzRows(f),
    ...sharesFuzzRows(f),
    ...usageFuzzRows(),
    ...budgetsAdminFuzzRows(),
    ...twoFactorFuzzRows(),
  };
}
