import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createActionsService } from './assistants/actions';
import { actionsRoutes } from './assistants/actions-routes';
import { assistantsChatRoutes } from './assistants/chat-routes';
import { sharedSandbox, type SandboxPool } from './sandbox';
import { actionsAllowList } from './net/allow-lists';
import { assistantsRoutes } from './assistants/routes';
import { createAssistantsService } from './assistants/service';
import { assistantsSettings } from './assistants/settings';
import { adminRoutes } from './admin/routes';
import { createAdminService } from './admin/service';
import { twoFactorEnabledFor } from './two-factor/repo';
import { creditsSpentByUsers } from './ledger/spent-by-users';
import { accountRoutes } from './auth/account-routes';
import { authRoutes } from './auth/routes';
import { createAuthFromConfig } from './auth/create-auth';
import { oauthRoutes } from './auth/oauth-routes';
import type { AppConfig } from './config/app-config';
import type { Coordination } from './coordination/coordination';
import { createCoordination } from './coordination/create-coordination';
import { balanceRoutes } from './balance/routes';
import { balanceSettingsFromEnv } from './balance/settings';
import { usageRoutes } from './ledger/routes';
import { insertAudit } from './admin/audit-repo';
import { budgetsRoutes } from './admin/budgets-routes';
import { adminUsageRoutes } from './admin/usage-routes';
import { embeddingBillOf } from './ledger/embedding-port';
import { createLedgerService } from './ledger/service';
import { createChatEngineFor } from './chat/create-chat-engine';
import { WARM_CHAT_PATH, warmChatPath, type WarmChatPath } from './chat/warm-chat-path';
import { announceDeleted } from './chat/conversation-deleted';
import { chatRoutes } from './chat/routes';
import { configRoutes } from './config/routes';
import { conversationRoutes } from './conversations/routes';
import { forkRoutes } from './forks/routes';
import type { SweepTask } from './sweeper/sweeper';
import { tagRoutes } from './tags/routes';
import type { Database } from './db/client';
import { endpointsRoutes } from './endpoints/routes';
import { exportRoutes } from './export/routes';
import { filesRoutes } from './files/routes';
import { createFilesService } from './files/service';
import { createFileLinks } from './files/signed-link';
import { saveGeneratedFile } from './tools/save-generated-file';
import { countToolUpload, TOO_MANY_UPLOADS, uploadLimitsFrom } from './files/upload-limits';
import { AppError } from './lib/errors';
import { createEndpointsService } from './endpoints/service';
import { createDatabaseHealth } from './health/database-health';
import { healthRoutes } from './health/routes';
import { importRoutes } from './import/routes';
import { MESSAGES_PER_STATEMENT } from './import/service';
import { keysRoutes } from './keys/routes';
import { createKeysService } from './keys/service';
import { createEncryption } from './lib/encryption';
import type { Logger } from './lib/logger';
import { MESSAGES_PER_PAGE } from './messages/messages-json';
import { messageRoutes } from './messages/routes';
import { createGuardedFetch, NO_EXEMPTIONS } from './net/address-guard';
import { ACCOUNT_STATUS } from './plugins/authenticate';
import { registerErrorHandler } from './plugins/error-handler';
import { registerJsonBodyParser } from './plugins/json-body-parser';
import { imageSources } from './plugins/image-sources';
import { securityHeaders } from './plugins/security-headers';
import { presetRoutes } from './presets/routes';
import { frameworkErrors, registerUrlGuard } from './plugins/url-guard';
import { registerWebApp } from './plugins/web-app';
import { trackRouteMethods } from './plugins/route-methods';
import { searchRoutes } from './search/routes';
import { createAppShares } from './shares/create-shares';
import { sharesRoutes } from './shares/routes';
import { createSearchService } from './search/service';
import { tokenizerRoutes } from './tokenizer/routes';
import { twoFactorAdminRoutes } from './two-factor/admin-routes';
import { twoFactorRoutes } from './two-factor/routes';
import { createTwoFactorService } from './two-factor/service';
import { twoFactorSettingsFrom } from './two-factor/settings';
import type { ManifestEntry } from './tools/manifest/manifest-entry';
import { createPluginAuthStore } from './tools/plugin-auth';
import { createToolRegistry } from './tools/registry';
import { createMcpServers } from './tools/mcp/mcp-servers';
import { toolsRoutes } from './tools/routes';
import { createToolsService } from './tools/service';
import { createUsersAccountStatus } from './users/account-status';
import { userRoutes } from './users/routes';
import { createUsersService } from './users/service';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  logger?: Logger;
  /** Folder of the built web app, or null to serve the API only. */
  webDist?: string | null;
  now?: () => Date;
  /**
   * Counters, generation log and abort bus shared between instances, owned (and closed) by the caller;
   * default: Redis when REDIS_URL is set, else in-process, closed with the app.
   */
  coordination?: Coordination;
  /** The plugin store's tools; default: the manifest of `tools/manifest` (tests add their own tools). */
  toolManifest?: readonly ManifestEntry[];
  /** The code interpreter's pool; default the process-wide one (detected and warmed on first use). */
  sandbox?: SandboxPool;
  /** Filled by `buildApp`: housekeeping the background sweeper also runs each round (`main.ts`). */
  sweepTasks?: SweepTask[];
}

export const BODY_LIMIT = 3 * 1024 * 1024;

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/**
 * zod's compilers as fastify's compiler factories. fastify types the factories with ajv's and
 * fast-json-stringify's signatures; it calls them with the same route definitions as `setValidatorCompiler`'s.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

// Redis down is a degradation, not an outage (docs/decisions.md "Redis down"): logged once per outage.
const REDIS_DOWN =
  'Redis is unreachable: until it is back, rate limits and bans count per instance, and replies stream on ' +
  'but only this instance can resume or stop the ones it runs';
const REDIS_BACK = 'Redis is back: rate limits, bans and replies are shared between instances again';

/** The whole server as one Fastify instance; `main.ts` listens, tests `inject()`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const logger: FastifyBaseLogger | undefined = deps.logger;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxySetting(config.env.TRUST_PROXY),
    frameworkErrors,
    // Every route's schemas are zod's: fastify's default JSON-schema compilers (ajv, ajv-formats,
    // fast-json-stringify: ~470 module files to load at start) are never used, so never loaded.
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerUrlGuard(app);
  // Before any route: a path asked with a method it does not answer gets 405 (SPEC §8).
  const routeMethods = trackRouteMethods(app);

  await app.register(fastifyHelmet, securityHeaders(config.server.domainServer, imageSources(config)));
  await app.register(fastifyCookie, { secret: config.secrets.jwtRefreshSecret });

  await app.register(healthRoutes, { ping: createDatabaseHealth(() => database.ping()) });
  await app.register(configRoutes, { config, now });

  const { db } = database;
  const jwtSecret = config.secrets.jwtSecret;
  const coordination = deps.coordination ?? (await createOwnedCoordination(app, config, logger));
  const fileLinks = createFileLinks(jwtSecret);
  // Every authenticated request checks that the token's account still exists (plugins/authenticate).
  const accountStatus = createUsersAccountStatus(db, {
    bus: coordination.abortBus,
    now: () => now().getTime(),
  });
  app.decorate(ACCOUNT_STATUS, accountStatus);
  app.addHook('onClose', () => accountStatus.close());
  const users = createUsersService(db, {
    avatarOf: (row) => row.avatar && fileLinks.relink(row.avatar, fileLinks.forOwner(row)),
    accountStatus,
  });
  // Two-factor sign-in's second step after a right password (API.md "Two-factor sign-in").
  const twoFactor = createTwoFactorService({
    db,
    encryption: createEncryption(config.secrets.credsKey),
    counters: coordination.counters,
    settings: twoFactorSettingsFrom(config),
    now,
  });
  const { auth, oauth } = createAuthFromConfig({
    config,
    db,
    users,
    coordination,
    now,
    logger: deps.logger,
    secondFactor: (user) => twoFactor.challengeFor(user),
  });
  await app.register(authRoutes, { auth });
  await app.register(twoFactorRoutes, { twoFactor, auth, users, jwtSecret });
  await app.register(oauthRoutes, { auth, oauth });
  await app.register(userRoutes, { users, jwtSecret });
  await app.register(conversationRoutes, {
    db,
    jwtSecret,
    onDeleted: (userId, conversationId) => announceDeleted(coordination.abortBus, userId, conversationId),
  });
  await app.register(tagRoutes, { db, jwtSecret });
  await app.register(forkRoutes, { db, jwtSecret, batchSize: MESSAGES_PER_STATEMENT[database.kind] });
  const pageSize = MESSAGES_PER_PAGE[database.kind];
  // The spend ledger and budgets (API.md "Administration, budgets and usage").
  const ledger = createLedgerService({
    db,
    balance: balanceSettingsFromEnv(config.env, config.yaml?.balance),
    yamlBudgets: config.yaml?.budgets,
    bus: coordination.abortBus,
    now,
  });
  app.addHook('onClose', () => ledger.close());
  // Embeddings (knowledge indexing, retrieval questions) are model calls too: each writes a ledger row.
  const files = createFilesService({ db, config, billEmbedding: embeddingBillOf(ledger) });
  app.addHook('onClose', () => files.close());
  await app.register(messageRoutes, {
    db,
    jwtSecret,
    pageSize,
    relinkFor: async (userId) => {
      const signer = await files.linksFor(userId);
      return (text) => files.relink(text, signer);
    },
  });
  await app.register(importRoutes, {
    db,
    jwtSecret,
    now,
    limits: {
      maxMessages: config.env.IMPORT_MAX_MESSAGES,
      perUser: config.env.IMPORT_MAX_CONCURRENT_PER_USER,
      total: config.env.IMPORT_MAX_CONCURRENT,
    },
    batchSize: MESSAGES_PER_STATEMENT[database.kind],
  });
  await app.register(exportRoutes, { db, jwtSecret, now, pageSize });
  await app.register(searchRoutes, {
    search: createSearchService({ db, enabled: config.env.SEARCH }),
    jwtSecret,
  });
  await app.register(presetRoutes, { db, jwtSecret });
  await app.register(tokenizerRoutes, { jwtSecret });
  await app.register(balanceRoutes, {
    db,
    jwtSecret,
    settings: balanceSettingsFromEnv(config.env, config.yaml?.balance),
  });
  await app.register(usageRoutes, { db, ledger, jwtSecret, now });
  const encryption = createEncryption(config.secrets.credsKey);
  const keys = createKeysService({ db, encryption, now });
  const sandbox = deps.sandbox ?? sharedSandbox();
  const endpoints = createEndpointsService({ config, keys, now, codeInterpreter: () => sandbox.ready() });
  await app.register(keysRoutes, { keys, jwtSecret });
  await app.register(endpointsRoutes, { endpoints, jwtSecret });
  // Each MCP server connects at its first use; closing the app ends the connections and stdio children.
  const mcp = createMcpServers(config.yaml?.mcpServers, config.vars, { logger });
  app.addHook('onClose', () => mcp.close());
  const toolRegistry = createToolRegistry({
    mcp,
    deps: { env: config.vars, fetch, guardedFetch: createGuardedFetch({ allow: NO_EXEMPTIONS }) },
    ...(deps.toolManifest ? { manifest: deps.toolManifest } : {}),
    filteredTools: config.yaml?.filteredTools,
    includedTools: config.yaml?.includedTools,
  });
  const tools = createToolsService({
    registry: toolRegistry,
    auth: createPluginAuthStore({ db, encryption, env: config.vars }),
    users,
    env: config.vars,
  });
  await app.register(toolsRoutes, { tools, jwtSecret });
  const chat = createChatEngineFor({
    db,
    config,
    endpoints,
    files,
    counters: coordination.counters,
    generationLog: coordination.generationLog,
    abortBus: coordination.abortBus,
    auth,
    logger,
    ledger,
    tools: {
      toolsForChat: async (userId, keys) =>
        (await tools.toolsForChat(userId, keys)).map(({ entry, tool, auth: values }) => ({
          tool,
          label: entry.name,
          auth: values,
          agents: entry.agents,
        })),
      saveGeneratedFile: (userId, file) => saveGeneratedFile(files, userId, file),
    },
  });
  // Before the server waits for open streams: runs still going are stopped and saved (their streams then
  // end with `final`); the coordination closes after.
  app.addHook('preClose', () => chat.close());
  await app.register(chatRoutes, { engine: chat, jwtSecret });
  const warmChat: WarmChatPath = (models) => warmChatPath({ db, endpoints }, models);
  app.decorate(WARM_CHAT_PATH, warmChat);
  await app.register(accountRoutes, { auth, users, files, jwtSecret });
  // Administration (API.md "Administration, budgets and usage"): users, groups and the audit log.
  const admin = createAdminService({
    db,
    users,
    deleteFilesOf: (userId) => files.deleteAllOf(userId),
    revokeSessions: (userId) => auth.revokeAllSessions(userId),
    forgetAccount: (userId) => accountStatus.forget(userId),
    twoFactorEnabledOf: (userIds) => twoFactorEnabledFor(db, userIds),
    spentBetween: (userIds, from, to) => creditsSpentByUsers(db, userIds, from, to),
    now,
  });
  await app.register(adminRoutes, { admin, jwtSecret });
  await app.register(twoFactorAdminRoutes, {
    twoFactor,
    users,
    jwtSecret,
    audit: (entry) => admin.recordAudit(entry),
  });
  await app.register(budgetsRoutes, {
    ledger,
    jwtSecret,
    audit: async ({ actorId, action, target, details }) => {
      const actor = await admin.actor(actorId);
      await insertAudit(db, {
        actorId: actor.id,
        actorLabel: actor.label,
        action,
        targetId: target.id,
        targetLabel: target.label,
        details,
      });
    },
  });
  await app.register(adminUsageRoutes, { db, jwtSecret, now });
  await app.register(filesRoutes, {
    files,
    jwtSecret,
    counters: coordination.counters,
    uploadLimits: uploadLimitsFrom(config.env, config.yaml),
    assistantFiles: {
      add: (userId, assistantId, file) => assistants.addFile(userId, assistantId, file),
      remove: (userId, assistantId, fileIds) => assistants.removeFiles(userId, assistantId, fileIds),
    },
  });

  const assistants = createAssistantsService({
    db,
    settings: assistantsSettings(config.yaml?.endpoints?.assistants),
    files: {
      ownFileIds: async (userId, fileIds) =>
        (await files.attachmentsFor(userId, fileIds)).map((file) => file.file_id),
      storeAssistantAvatar: (userId, file) => files.storeAssistantAvatar(userId, file),
      deleteFiles: (userId, fileIds) => files.deleteFiles(userId, fileIds),
      linksOf: async (userId) => {
        const signer = await files.linksFor(userId);
        return (fileId) => signer.link(fileId);
      },
    },
    tools: {
      definitionOf: (name) => {
        // MCP tools are known once their server has listed them (GET /api/plugins lists every server).
        const registered = toolRegistry.getListed(name);
        if (!registered) return undefined;
        const { tool } = registered;
        return { name: tool.name, description: tool.description, parameters: tool.parameters };
      },
      listPlugins: (userId) => tools.listPlugins(userId),
    },
  });
  const actions = createActionsService({
    db,
    encryption,
    assistants,
    allow: actionsAllowList(config.yaml),
    linksOf: async (userId) => {
      const signer = await files.linksFor(userId);
      return (fileId) => signer.link(fileId);
    },
  });
  await app.register(actionsRoutes, { actions, jwtSecret });
  await app.register(assistantsChatRoutes, {
    jwtSecret,
    chat: {
      db,
      engine: chat,
      assistants,
      knowledge: {
        searchPassages: (userId, fileIds, question, limit) =>
          files.searchPassages(userId, fileIds, question, limit),
        filenames: async (userId, fileIds) =>
          new Map((await files.attachmentsFor(userId, fileIds)).map((file) => [file.file_id, file.filename])),
      },
      pluginTools: async (userId, names) =>
        (await tools.toolsByName(userId, names)).map(({ entry, tool, auth: values }) => ({
          tool,
          label: entry.name,
          auth: values,
        })),
      actionTools: (userId, assistant) => actions.toolsFor(userId, assistant),
      codeInterpreter: {
        status: () => sandbox.ready(),
        run: (request) => sandbox.run(request),
        inputFiles: async (userId, fileIds) =>
          Promise.all(
            (await files.attachmentsFor(userId, fileIds)).map(async (file) => ({
              filename: file.filename,
              bytes: await file.read(),
            })),
          ),
        // A file the code wrote counts as an upload of the user's (rate limit and storage quota).
        saveOutput: async (userId, file) => {
          if (
            !(await countToolUpload(coordination.counters, uploadLimitsFrom(config.env, config.yaml), userId))
          ) {
            throw new AppError(429, TOO_MANY_UPLOADS, { code: 'file_upload_limit' });
          }
          return files.saveToolOutput(userId, file);
        },
      },
    },
  });
  await app.register(assistantsRoutes, {
    assistants,
    jwtSecret,
    counters: coordination.counters,
    uploadLimits: uploadLimitsFrom(config.env, config.yaml),
    avatarSizeLimit: files.fileConfig.avatarSizeLimit,
    spoolDirectory: files.spoolDirectory,
  });

  // Share links (API.md "Sharing and organising"); `shares.service.deleteExpiredFiles` is for the sweeper.
  const shares = createAppShares({ config, db, engine: database.kind, files, now });
  app.addHook('onClose', () => shares.close());
  deps.sweepTasks?.push((at) => shares.service.deleteExpiredFiles(at));
  await app.register(sharesRoutes, {
    shares: shares.service,
    settings: shares.settings,
    jwtSecret,
    counters: coordination.counters,
  });

  await registerWebApp(app, deps.webDist ?? null, routeMethods);
  return app;
}

/** The coordination `buildApp` creates itself is closed with the app. */
async function createOwnedCoordination(
  app: FastifyInstance,
  config: AppConfig,
  logger: FastifyBaseLogger | undefined,
): Promise<Coordination> {
  const coordination = await createCoordination({
    redisUrl: config.server.redisUrl,
    keyPrefix: config.server.redisKeyPrefix,
    onError: (error) => logger?.warn({ err: error }, REDIS_DOWN),
    onRecovered: () => logger?.info(REDIS_BACK),
  });
  app.addHook('onClose', () => coordination.close());
  return coordination;
}

/** `TRUST_PROXY` as Fastify takes it: nobody, the first N hops, or addresses and subnets. */
function trustProxySetting(
  setting: string | number,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === 0) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting.split(',').map((part) => part.trim());
}
