import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { tempDir } from '../../test/test-app';
import { createTestPostgres, postgresSkipReason } from '../../test/test-database';
import { createAdminService } from '../admin/service';
import { verifyPassword } from '../auth/passwords';
import { openDatabase, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { auditLog, conversations, users } from '../db/schema';
import { createUsersService } from '../users/service';
import { runCommand, type Command } from './admin-commands';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SLOW = 300_000;

/** `npm run <command> -- <args>` from the repository root, as an operator types it. */
function npmRun(
  command: Command,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', command, '--', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

describeEachEngine('operator commands', (getDb) => {
  /** A command run in this process on the test database; answers its exit code, output and error text. */
  async function run(command: Command, ...args: string[]) {
    const db = getDb();
    const admin = createAdminService({
      db,
      users: createUsersService(db),
      deleteFilesOf: async () => 0,
      revokeSessions: async () => undefined,
      forgetAccount: async () => undefined,
    });
    let stdout = '';
    const result = await runCommand(command, args, { db, admin, out: (text) => (stdout += text) });
    return { code: result.code, stdout, stderr: 'error' in result ? result.error : '' };
  }
  const stored = async (email: string) => {
    const [row] = await getDb().select().from(users).where(eq(users.email, email));
    return row;
  };

  it('create-user makes an account with the given or a generated password, and a role', async () => {
    const admin = await run(
      'create-user',
      'Root@Example.com',
      'Root Admin',
      'password123',
      '--role',
      'ADMIN',
    );
    expect(admin).toMatchObject({ code: 0, stderr: '' });
    expect(admin.stdout).toMatch(/^Created administrator root@example\.com \([0-9a-f-]{36}\)\.\n$/);
    const user = await run('create-user', 'ada@example.com', 'Ada Lovelace');
    expect(user.stdout).toMatch(/^Created user ada@example\.com .*\nPassword: (\S{16})\n$/);
    const password = /Password: (\S+)/.exec(user.stdout)?.[1] ?? '';
    expect(await verifyPassword((await stored('ada@example.com'))?.passwordHash ?? null, password)).toBe(
      true,
    );
    expect((await stored('ada@example.com'))?.role).toBe('USER');

    expect(await run('create-user', 'ada@example.com', 'Ada Again', 'password123')).toMatchObject({
      code: 1,
      stderr: 'An account with this email already exists.',
    });
    const weak = await run('create-user', 'bob@example.com', 'Bob Builder', 'short');
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('password: Password must be at least 8 characters');
    expect(weak.stderr).toContain(
      'Usage: npm run create-user -- <email> <name> [password] [--role ADMIN|USER]',
    );
    expect((await run('create-user', 'bob@example.com')).code).toBe(2);
    expect((await run('create-user', 'bob@example.com', 'Bob', 'password123', '--role', 'KING')).code).toBe(
      2,
    );
    expect((await run('create-user', 'bob@example.com', 'Bob Builder', '--colour')).code).toBe(2);
    const audit = await getDb().select().from(auditLog);
    expect(audit.map((entry) => [entry.actorLabel, entry.action, entry.targetLabel])).toEqual(
      expect.arrayContaining([
        ['cli', 'user.create', 'root@example.com'],
        ['cli', 'user.create', 'ada@example.com'],
      ]),
    );
  });

  it('ban-user disables and --enable enables; never the last active administrator', async () => {
    await run('create-user', 'root@example.com', 'Root Admin', 'password123');
    await run('create-user', 'ada@example.com', 'Ada Lovelace', 'password123');
    expect(await run('ban-user', 'ADA@example.com')).toMatchObject({
      code: 0,
      stdout: 'ada@example.com is disabled: it can no longer sign in and its sessions were ended.\n',
    });
    expect((await stored('ada@example.com'))?.disabled).toBe(true);
    expect((await run('ban-user', 'ada@example.com', '--enable')).stdout).toBe(
      'ada@example.com is enabled again.\n',
    );
    expect((await stored('ada@example.com'))?.disabled).toBe(false);
    expect(await run('ban-user', 'root@example.com')).toMatchObject({
      code: 1,
      stderr: 'At least one active administrator must remain.',
    });
    expect(await run('ban-user', 'nobody@example.com')).toMatchObject({
      code: 1,
      stderr: 'No account has the email nobody@example.com.',
    });
    expect((await run('ban-user')).code).toBe(2);
  });

  it('delete-user deletes only with --yes', async () => {
    await run('create-user', 'root@example.com', 'Root Admin', 'password123');
    await run('create-user', 'ada@example.com', 'Ada Lovelace', 'password123');
    const unconfirmed = await run('delete-user', 'ada@example.com');
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('add --yes to confirm');
    expect(await stored('ada@example.com')).toBeDefined();
    expect(await run('delete-user', 'ada@example.com', '--yes')).toMatchObject({
      code: 0,
      stdout: 'Deleted ada@example.com with their conversations and files.\n',
    });
    expect(await stored('ada@example.com')).toBeUndefined();
    expect((await run('delete-user', 'root@example.com', '--yes')).code).toBe(1);
    expect((await run('delete-user', 'ada@example.com', '--yes')).code).toBe(1);
  });

  it('add-balance and set-balance change credits, refusing negative, absurd or non-numeric amounts', async () => {
    await run('create-user', 'ada@example.com', 'Ada Lovelace', 'password123');
    expect((await run('add-balance', 'ada@example.com', '1000')).stdout).toBe(
      'The balance of ada@example.com is now 1000 credits.\n',
    );
    expect((await run('add-balance', 'ada@example.com', '2.5')).stdout).toContain('now 1002.5 credits');
    expect((await run('set-balance', 'ada@example.com', '20')).stdout).toContain('now 20 credits');
    for (const amount of ['-5', 'ten', '1e13', '', 'NaN', 'Infinity', '0x10']) {
      const refused = await run('add-balance', 'ada@example.com', amount);
      expect(refused.code, amount).toBe(2);
    }
    expect((await run('set-balance', 'nobody@example.com', '5')).code).toBe(1);
    expect((await run('list-balances')).stdout).toBe(
      'Email            Balance\nada@example.com  20\n1 account\n',
    );
  });

  it('user-stats lists accounts with their conversations and messages', async () => {
    await run('create-user', 'root@example.com', 'Root Admin', 'password123');
    await run('create-user', 'ada@example.com', 'Ada Lovelace', 'password123');
    const ada = await stored('ada@example.com');
    await getDb()
      .insert(conversations)
      .values([
        { userId: ada?.id ?? '', endpoint: 'openAI' },
        { userId: ada?.id ?? '', endpoint: 'openAI' },
      ]);
    await run('ban-user', 'ada@example.com');
    expect((await run('user-stats')).stdout).toBe(
      [
        'Email             Role   Status    Conversations  Messages',
        'ada@example.com   USER   disabled  2              0',
        'root@example.com  ADMIN  active    0              0',
        '2 accounts',
        '',
      ].join('\n'),
    );
    expect((await run('user-stats', 'extra')).code).toBe(2);
    expect((await run('list-balances', '--help')).stdout).toContain('Usage: npm run list-balances');
  });
});

describe('npm run <operator command>', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it(
    'runs on the embedded PGlite of DATA_DIR, exits non-zero with usage text on a mistake',
    async () => {
      const dataDir = join(tempDir(), 'data');
      const env = { DATA_DIR: dataDir };
      const created = await npmRun('create-user', ['root@example.com', 'Root Admin', 'password123'], env);
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(/^Created administrator root@example\.com/);
      const wrong = await npmRun('add-balance', ['root@example.com'], env);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toBe(
        'Usage: npm run add-balance -- <email> <amount>\n  Adds credits (1,000,000 = 1 USD).\n',
      );
      const listed = await npmRun('list-balances', [], env);
      expect(listed.stdout).toBe('Email             Balance\nroot@example.com  0\n1 account\n');
      database = await openDatabase({ dataDir: join(dataDir, 'db') });
      expect((await database.db.select().from(users)).map((row) => row.email)).toEqual(['root@example.com']);
    },
    SLOW,
  );

  it.skipIf(postgresSkipReason() !== undefined)(
    'runs on the PostgreSQL of DATABASE_URL',
    async () => {
      database = await createTestPostgres();
      if (database.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
      await migrateDatabase(database);
      const url = database.driver.pool.options.connectionString ?? '';
      await createUsersService(database.db).create({
        name: 'Bob',
        email: 'bob@example.com',
        passwordHash: null,
      });
      const env = { DATABASE_URL: url, DATA_DIR: join(tempDir(), 'data') };
      const banned = await npmRun('ban-user', ['bob@example.com'], env);
      // Bob is the only account, so the first, an administrator.
      expect(banned).toMatchObject({ code: 1, stderr: 'At least one active administrator must remain.\n' });
      const added = await npmRun('set-balance', ['bob@example.com', '5000'], env);
      expect(added).toMatchObject({
        code: 0,
        stdout: 'The balance of bob@example.com is now 5000 credits.\n',
      });
    },
    SLOW,
  );
});
