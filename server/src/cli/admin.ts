// `npm run create-user|ban-user|delete-user|add-balance|set-balance|list-balances|user-stats -- …`: the
// operator's commands (admin-commands.ts) on the server's database, with the server's environment.
import { join } from 'node:path';
import { createAdminService } from '../admin/service';
import { authSettingsFrom } from '../auth/auth-settings';
import { createSessions } from '../auth/sessions';
import { loadAppConfig } from '../config/app-config';
import { createCoordination } from '../coordination/create-coordination';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createFilesService } from '../files/service';
import { createUsersAccountStatus } from '../users/account-status';
import { createUsersService } from '../users/service';
import { COMMANDS, runCommand, type Command } from './admin-commands';

const isCommand = (name: string | undefined): name is Command =>
  (COMMANDS as readonly string[]).includes(name ?? '');

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  if (!isCommand(name)) {
    process.stderr.write(`Unknown command ${name ?? ''}; one of: ${COMMANDS.join(', ')}\n`);
    return 2;
  }
  const config = loadAppConfig(process.env);
  const database = await openDatabase(
    config.server.databaseUrl
      ? { databaseUrl: config.server.databaseUrl }
      : { dataDir: join(config.server.dataDir, 'db') },
  );
  // With Redis, running servers forget a changed account at once; without, within their 5 s cache.
  const coordination = await createCoordination({
    redisUrl: config.server.redisUrl,
    keyPrefix: config.server.redisKeyPrefix,
  });
  const files = createFilesService({ db: database.db, config });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const accountStatus = createUsersAccountStatus(db, { bus: coordination.abortBus });
    const settings = authSettingsFrom(config);
    const sessions = createSessions({
      db,
      ttlMs: settings.refreshTokenTtlMs,
      now: () => new Date(),
      rotationKey: settings.refreshSecret,
    });
    const users = createUsersService(db, { accountStatus });
    const admin = createAdminService({
      db,
      users,
      deleteFilesOf: (userId) => files.deleteAllOf(userId),
      revokeSessions: (userId) => sessions.revokeAllOf(userId),
      forgetAccount: (userId) => accountStatus.forget(userId),
    });
    const result = await runCommand(name, args, { db, admin, out: (text) => process.stdout.write(text) });
    accountStatus.close();
    if (result.code !== 0) process.stderr.write(`${result.error}\n`);
    return result.code;
  } finally {
    await files.close();
    await coordination.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${process.argv[2] ?? 'command'} failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
