// `npm run reset-password -- <email> [--password]`: resets a password without email, on the database the
// server uses (the same environment: DATA_DIR's PGlite or DATABASE_URL). Prints a one-time link to hand to
// the user, or with `--password` asks for the new password (or reads it from piped stdin) and sets it.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { read } from 'read';
import { authSettingsFrom } from '../auth/auth-settings';
import { operatorReset, OPERATOR_RESET_LINK_TTL_MS } from '../auth/operator-reset';
import { createSessions } from '../auth/sessions';
import { loadAppConfig } from '../config/app-config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createUsersService } from '../users/service';

const USAGE = 'Usage: npm run reset-password -- <email> [--password]';

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  const first = await read({ prompt: 'New password: ', silent: true, replace: '*' });
  const second = await read({ prompt: 'Repeat it: ', silent: true, replace: '*' });
  if (first !== second) throw new Error('The passwords do not match.');
  return first;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { password: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  const [email] = positionals;
  if (values.help || !email || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const password = values.password ? await askPassword() : undefined;

  const config = loadAppConfig(process.env);
  const database = await openDatabase(
    config.server.databaseUrl
      ? { databaseUrl: config.server.databaseUrl }
      : { dataDir: join(config.server.dataDir, 'db') },
  );
  try {
    await migrateDatabase(database);
    const now = () => new Date();
    const settings = authSettingsFrom(config);
    const outcome = await operatorReset(
      {
        db: database.db,
        users: createUsersService(database.db),
        sessions: createSessions({
          db: database.db,
          ttlMs: settings.refreshTokenTtlMs,
          now,
          rotationKey: settings.refreshSecret,
        }),
        settings,
        now,
      },
      { email, password },
    );
    if (!outcome.ok) {
      process.stderr.write(`${outcome.message}\n`);
      return 1;
    }
    if (outcome.kind === 'password') {
      process.stdout.write(`The password of ${outcome.email} is changed; their sessions were ended.\n`);
    } else {
      const minutes = OPERATOR_RESET_LINK_TTL_MS / 60_000;
      process.stdout.write(
        `Reset link for ${outcome.email} (works once, for ${minutes} minutes):\n${outcome.link}\n`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `reset-password failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
