import { passwordSchema } from '@parley/shared/schemas/auth';
import type { Db } from '../db/client';
import type { UsersService } from '../users/service';
import type { AuthSettings } from './auth-settings';
import { issueResetLink, setNewPassword } from './password-reset';
import type { Sessions } from './sessions';

/** How long a link printed by `npm run reset-password` works: long enough to hand it to the user. */
export const OPERATOR_RESET_LINK_TTL_MS = 60 * 60 * 1000;

export interface OperatorResetDeps {
  db: Db;
  users: UsersService;
  sessions: Sessions;
  settings: Pick<AuthSettings, 'domainClient'>;
  now: () => Date;
}

export type OperatorResetOutcome =
  | { ok: true; kind: 'link'; link: string; email: string }
  | { ok: true; kind: 'password'; email: string }
  | { ok: false; message: string };

/**
 * What an operator without email does for a user who forgot their password: a one-time reset link to
 * hand over, or (with `password`) the new password set at once. Either way nothing goes over HTTP.
 */
export async function operatorReset(
  deps: OperatorResetDeps,
  request: { email: string; password?: string | undefined },
): Promise<OperatorResetOutcome> {
  const account = await deps.users.findAccountByEmail(request.email);
  if (!account) return { ok: false, message: `No account has the email ${request.email}.` };
  const { id, email } = account.user;
  if (request.password === undefined) {
    const link = await issueResetLink(deps, id, OPERATOR_RESET_LINK_TTL_MS);
    return { ok: true, kind: 'link', link, email };
  }
  const password = passwordSchema.safeParse(request.password);
  if (!password.success)
    return { ok: false, message: password.error.issues[0]?.message ?? 'Invalid password' };
  await setNewPassword(deps, id, password.data);
  return { ok: true, kind: 'password', email };
}
