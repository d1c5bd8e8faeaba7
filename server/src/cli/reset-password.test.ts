import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import { openDatabase, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { passwordResetTokens } from '../db/schema';
import { createUsersService } from '../users/service';
import { tempDir } from '../../test/test-app';
import { createTestPostgres, postgresSkipReason } from '../../test/test-database';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// A hang guard: `npm run` starting tsx and the embedded database took over 120 s at load 35.
const SLOW = 300_000;

/** `npm run reset-password -- <args>` from the repository root, as an operator types it. */
function runResetPassword(
  args: string[],
  env: Record<string, string>,
  stdin = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'reset-password', '--', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe('npm run reset-password', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it(
    'prints a one-time link and sets a password on the embedded PGlite of DATA_DIR',
    async () => {
      const dataDir = join(tempDir(), 'data');
      const seeded = await openDatabase({ dataDir: join(dataDir, 'db') });
      await migrateDatabase(seeded);
      await createUsersService(seeded.db).create({
        name: 'Ada',
        email: 'ada@example.com',
        passwordHash: null,
      });
      await seeded.close();
      const env = { DATA_DIR: dataDir, DOMAIN_CLIENT: 'http://chat.test' };

      const linked = await runResetPassword(['ADA@example.com'], env);
      expect(linked.stderr).toBe('');
      expect(linked.code).toBe(0);
      expect(linked.stdout).toMatch(/^Reset link for ada@example\.com \(works once, for 60 minutes\):\n/);
      expect(linked.stdout).toMatch(
        /http:\/\/chat\.test\/reset-password\?token=[\w-]{43}&userId=[0-9a-f-]{36}\n$/,
      );

      const set = await runResetPassword(['ada@example.com', '--password'], env, 'typed by the operator\n');
      expect(set.code).toBe(0);
      expect(set.stdout).toBe('The password of ada@example.com is changed; their sessions were ended.\n');

      const unknown = await runResetPassword(['nobody@example.com'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('No account has the email nobody@example.com.\n');

      database = await openDatabase({ dataDir: join(dataDir, 'db') });
      const account = await createUsersService(database.db).findAccountByEmail('ada@example.com');
      expect(await verifyPassword(account?.passwordHash ?? null, 'typed by the operator')).toBe(true);
    },
    SLOW,
  );

  it.skipIf(postgresSkipReason() !== undefined)(
    'works on the PostgreSQL of DATABASE_URL',
    async () => {
      database = await createTestPostgres();
      if (database.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const url = database.driver.pool.options.connectionString ?? '';
      await createUsersService(database.db).create({
        name: 'Bob',
        email: 'bob@example.com',
        passwordHash: null,
      });
      const env = { DATABASE_URL: url, DATA_DIR: join(tempDir(), 'data') };

      const linked = await runResetPassword(['bob@example.com'], env);
      expect(linked.code).toBe(0);
      expect(linked.stdout).toContain('/reset-password?token=');
      expect(await database.db.select().from(passwordResetTokens)).toHaveLength(1);

      const short = await runResetPassword(['bob@example.com', '--password'], env, 'short\n');
      expect(short.code).toBe(1);
      expect(short.stderr).toBe('Password must be at least 8 characters\n');
    },
    SLOW,
  );
});
