// LibreChat's operator commands, with its names (API.md "Administration, budgets and usage"): they run on the
// database the server uses (DATA_DIR's PGlite or DATABASE_URL) and go through the admin console's service,
// so the same rules hold (the last active administrator stays, every change is audited as "cli").
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import { balanceOperationSchema, createAdminUserSchema, type AdminUser } from '@parley/shared/schemas/admin';
import type { AdminService } from '../admin/service';
import type { Db } from '../db/client';
import { balances, conversations, messages, users } from '../db/schema';
import { AppError } from '../lib/errors';

export const COMMANDS = [
  'create-user',
  'ban-user',
  'delete-user',
  'add-balance',
  'set-balance',
  'list-balances',
  'user-stats',
] as const;
export type Command = (typeof COMMANDS)[number];

export const USAGE: Record<Command, string> = {
  'create-user':
    'Usage: npm run create-user -- <email> <name> [password] [--role ADMIN|USER]\n' +
    '  Creates a local account (a password is generated and printed when none is given).',
  'ban-user':
    'Usage: npm run ban-user -- <email> [--enable]\n' +
    '  Disables the account (it can no longer sign in; its sessions end); --enable turns it back on.',
  'delete-user':
    'Usage: npm run delete-user -- <email> --yes\n' +
    '  Deletes the account with its conversations and files, as the user deleting it would.',
  'add-balance': 'Usage: npm run add-balance -- <email> <amount>\n  Adds credits (1,000,000 = 1 USD).',
  'set-balance': 'Usage: npm run set-balance -- <email> <amount>\n  Sets the credits (1,000,000 = 1 USD).',
  'list-balances': 'Usage: npm run list-balances\n  Lists every account with its credits.',
  'user-stats': 'Usage: npm run user-stats\n  Lists every account with its conversations and messages.',
};

export interface CommandDeps {
  db: Db;
  admin: AdminService;
  out: (text: string) => void;
}

/** What a command answers: exit code 0 with its output, or a message for stderr and a non-zero code. */
export type CommandResult = { code: 0 } | { code: 1 | 2; error: string };

const CLI_ACTOR = { id: null, label: 'cli' } as const;
const usageError = (command: Command, problem?: string): CommandResult => ({
  code: 2,
  error: `${problem ? `${problem}\n` : ''}${USAGE[command]}`,
});

/** Runs `command` with its arguments (after `--`); never throws for an operator's mistake. */
export async function runCommand(
  command: Command,
  args: string[],
  deps: CommandDeps,
): Promise<CommandResult> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    return usageError(command, error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) {
    deps.out(`${USAGE[command]}\n`);
    return { code: 0 };
  }
  try {
    return await run(command, parsed, deps);
  } catch (error) {
    if (error instanceof AppError) return { code: 1, error: explain(error) };
    throw error;
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    options: {
      role: { type: 'string' },
      enable: { type: 'boolean' },
      yes: { type: 'boolean', short: 'y' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
}

/** An AppError as one line: its message and the field to blame. */
function explain(error: AppError): string {
  const fields = Object.entries(error.fields ?? {}).map(([field, problem]) => `${field}: ${problem}`);
  return [error.message, ...fields].join('\n');
}

async function findUser(deps: CommandDeps, email: string): Promise<AdminUser | null> {
  const page = await deps.admin.listUsers({ search: email, sort: 'email', order: 'asc' });
  return page.users.find((user) => user.email === email.trim().toLowerCase()) ?? null;
}

const noAccount = (email: string): CommandResult => ({
  code: 1,
  error: `No account has the email ${email}.`,
});

async function run(
  command: Command,
  { values, positionals }: ReturnType<typeof parse>,
  deps: CommandDeps,
): Promise<CommandResult> {
  const { out, admin } = deps;
  const expect = (n: number, m = n) =>
    positionals.length < n || positionals.length > m ? usageError(command) : null;
  switch (command) {
    case 'create-user': {
      const wrong = expect(2, 3);
      if (wrong) return wrong;
      const [email = '', name = '', given] = positionals;
      const password = given ?? randomBytes(12).toString('base64url');
      const input = createAdminUserSchema.safeParse({
        email,
        name,
        password,
        role: values.role?.toUpperCase(),
      });
      if (!input.success) {
        const problems = input.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
        return usageError(command, problems.join('\n'));
      }
      const user = await admin.createUser(CLI_ACTOR, input.data);
      out(`Created ${user.role === 'ADMIN' ? 'administrator' : 'user'} ${user.email} (${user.id}).\n`);
      if (!given) out(`Password: ${password}\n`);
      return { code: 0 };
    }
    case 'ban-user': {
      const wrong = expect(1);
      if (wrong) return wrong;
      const [email = ''] = positionals;
      const user = await findUser(deps, email);
      if (!user) return noAccount(email);
      const updated = await admin.updateUser(CLI_ACTOR, user.id, { disabled: !values.enable });
      out(
        updated.disabled
          ? `${updated.email} is disabled: it can no longer sign in and its sessions were ended.\n`
          : `${updated.email} is enabled again.\n`,
      );
      return { code: 0 };
    }
    case 'delete-user': {
      const wrong = expect(1);
      if (wrong) return wrong;
      const [email = ''] = positionals;
      if (!values.yes) return usageError(command, 'Deleting cannot be undone: add --yes to confirm.');
      const user = await findUser(deps, email);
      if (!user) return noAccount(email);
      await admin.deleteUser(CLI_ACTOR, user.id);
      out(`Deleted ${user.email} with their conversations and files.\n`);
      return { code: 0 };
    }
    case 'add-balance':
    case 'set-balance': {
      const wrong = expect(2);
      if (wrong) return wrong;
      const [email = '', text = ''] = positionals;
      const amount = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?\s*$/i.test(text) ? Number(text) : Number.NaN;
      const operation = balanceOperationSchema.safeParse({
        op: command === 'add-balance' ? 'add' : 'set',
        amount,
      });
      if (!operation.success) {
        return usageError(
          command,
          `The amount ${operation.error.issues[0]?.message ?? 'is not valid'}: ${text}`,
        );
      }
      const user = await findUser(deps, email);
      if (!user) return noAccount(email);
      const balance = await admin.changeBalance(CLI_ACTOR, user.id, operation.data);
      out(`The balance of ${user.email} is now ${balance} credits.\n`);
      return { code: 0 };
    }
    case 'list-balances': {
      const wrong = expect(0);
      if (wrong) return wrong;
      const rows = await deps.db
        .select({ email: users.email, balance: balances.tokenCredits })
        .from(users)
        .leftJoin(balances, eq(balances.userId, users.id))
        .orderBy(users.email);
      out(
        table(
          ['Email', 'Balance'],
          rows.map((row) => [row.email, String(row.balance ?? 0)]),
        ),
      );
      return { code: 0 };
    }
    case 'user-stats': {
      const wrong = expect(0);
      if (wrong) return wrong;
      const convos = deps.db
        .select({ userId: conversations.userId, n: count().as('convos') })
        .from(conversations)
        .groupBy(conversations.userId)
        .as('c');
      const msgs = deps.db
        .select({ userId: messages.userId, n: count().as('msgs') })
        .from(messages)
        .groupBy(messages.userId)
        .as('m');
      const rows = await deps.db
        .select({
          email: users.email,
          role: users.role,
          disabled: users.disabled,
          conversations: sql<number>`coalesce(${convos.n}, 0)::int`,
          messages: sql<number>`coalesce(${msgs.n}, 0)::int`,
        })
        .from(users)
        .leftJoin(convos, eq(convos.userId, users.id))
        .leftJoin(msgs, eq(msgs.userId, users.id))
        .orderBy(users.email);
      out(
        table(
          ['Email', 'Role', 'Status', 'Conversations', 'Messages'],
          rows.map((row) => [
            row.email,
            row.role,
            row.disabled ? 'disabled' : 'active',
            String(row.conversations),
            String(row.messages),
          ]),
        ),
      );
      return { code: 0 };
    }
  }
}

/** Plain columns padded to their widest cell, a header and a count line. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const plural = rows.length === 1 ? 'account' : 'accounts';
  return `${[line(header), ...rows.map(line)].join('\n')}\n${rows.length} ${plural}\n`;
}
