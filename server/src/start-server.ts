import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { warmUp, warmUpPlan } from './chat/warm-up';
import { WARM_CHAT_PATH, type WarmChatPath } from './chat/warm-chat-path';
import { loadAppConfig, type AppConfig } from './config/app-config';
import { ConfigError } from './config/config-error';
import { openDatabase } from './db/client';
import type { EarlyEmbedded } from './db/embedded/open-early';
import { logEmbeddedDatabaseEvent } from './db/embedded/log-event';
import type { EmbeddedDatabaseEvent } from './db/embedded/worker-client';
import { migrateDatabase } from './db/migrate';
import { buildEndpointCatalog } from './endpoints/endpoint-catalog';
import { orderEndpoints } from './endpoints/endpoint-order';
import { createLogger } from './lib/logger';
import { offMessage, sharedSandbox } from './sandbox';
import { createSweeper, type SweepTask } from './sweeper/sweeper';

const SHUTDOWN_GRACE_MS = 10_000;
/** `server/src/main.ts` and the bundled `server/dist/main.js` both sit two levels below the root. */
const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface StartServerOptions {
  /** The embedded database `main.ts` started opening before this module loaded, if it did. */
  early?: EarlyEmbedded;
}

/**
 * The server's start after `main.ts`: configuration, database, migrations, app, listen. Phase times in the
 * `ready` log line count from the process's start (`performance.now()`), module loading included.
 */
export async function startServer({ early }: StartServerOptions = {}): Promise<void> {
  const modulesMs = Math.round(performance.now());
  let config: AppConfig;
  try {
    config = loadAppConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      await early?.discard();
      process.stderr.write(`Parley cannot start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.env.LOG_LEVEL ?? 'info');
  for (const key of config.ignoredYamlKeys) {
    logger.warn({ key }, `config key "${key}" is not used by Parley; ignored`);
  }
  let stop: (signal: string) => void = () => process.exit(1);
  /** Where the start-up's time went (the `ready` log line): time since start at the end of each phase. */
  const phases: Record<string, number> = { modulesMs, configMs: Math.round(performance.now()) };
  const phaseDone = (name: string) => (phases[name] = Math.round(performance.now()));
  const embeddedDir = join(config.server.dataDir, 'db');
  if (early && (config.server.databaseUrl || early.dataDir !== embeddedDir)) {
    await early.discard();
    early = undefined;
  }
  const handlers = {
    onEvent: (event: EmbeddedDatabaseEvent) => logEmbeddedDatabaseEvent(logger, event),
    onLockCompromised: (error: Error) => {
      logger.error({ err: error }, 'lost the lock on the embedded database; stopping');
      stop('lock lost');
    },
  };
  early?.attach(handlers);
  const database = await openDatabase(
    config.server.databaseUrl
      ? { databaseUrl: config.server.databaseUrl }
      : { dataDir: embeddedDir, worker: { ...handlers, opening: early?.opening } },
  );
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  // Housekeeping of other features the sweeper runs each round (expired share links' files).
  const sweepTasks: SweepTask[] = [];
  phaseDone('databaseMs');
  try {
    await migrateDatabase(database);
    phaseDone('migratedMs');
    app = await buildApp({ config, database, logger, webDist: WEB_DIST, sweepTasks });
    phaseDone('appMs');
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  const server = app;
  // One background sweeper of expired temporary chats per instance (one sweeps at a time: sweeper.ts).
  const sweeper = createSweeper({ db: database.db, engine: database.kind, logger, tasks: sweepTasks });
  server.addHook('onClose', async () => {
    await sweeper.stop();
    await database.close();
  });

  let stopping = false;
  stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await server.listen({ port: config.server.port, host: config.server.host });
  sweeper.start();
  const elapsed = Math.round(performance.now());
  const where = database.kind === 'pglite' ? `PGlite in ${join(config.server.dataDir, 'db')}` : 'PostgreSQL';
  logger.info(
    {
      url: config.server.domainClient,
      database: database.kind,
      databaseOpenedEarly: early !== undefined,
      startupMs: elapsed,
      ...phases,
    },
    'ready',
  );
  process.stdout.write(
    `Parley is ready at ${config.server.domainClient} (${where}, started in ${elapsed} ms)\n`,
  );
  // What the first chat would otherwise load on its own (an SDK, a token encoding), loaded in the background.
  // Then the chat path's own first-use costs (its statements built, the endpoints' configuration, a count).
  const plan = warmUpPlan(orderEndpoints(buildEndpointCatalog(config).entries, config.env.ENDPOINTS));
  void warmUp(plan)
    .then(() => server.getDecorator<WarmChatPath>(WARM_CHAT_PATH)(plan.models))
    .catch((error: unknown) => logger.warn({ err: error }, 'the warm-up after start failed'));
  // One line on how code runs (or why it does not): the interpreter is off without bubblewrap.
  const interpreter = await sharedSandbox().ready();
  if (interpreter.available) {
    const extras = interpreter.packages.length > 0 ? ` with ${interpreter.packages.join(', ')}` : '';
    logger.info(`code interpreter: ${interpreter.backend} in bubblewrap${extras}`);
  } else {
    logger.warn(offMessage(interpreter.reason ?? 'unavailable'));
  }
}
