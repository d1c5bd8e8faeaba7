import {
  ADMIN_ERRORS,
  ADMIN_PAGE_SIZE,
  type AdminGroup,
  type AdminUser,
  type AdminUsersPage,
  type AuditPage,
  type BalanceOperation,
  type CreateAdminUser,
  type PatchAdminUser,
  type PatchGroup,
} from '@parley/shared/schemas/admin';
import { adjustBalance } from '../balance/adjust';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { AppError, notFound } from '../lib/errors';
import { isUniqueViolation } from '../users/is-unique-violation';
import type { UsersService } from '../users/service';
import { insertAudit, selectAuditPage } from './audit-repo';
import {
  changeMembers,
  deleteGroup,
  insertGroup,
  selectGroup,
  selectGroups,
  updateGroup,
} from './groups-repo';
import {
  changeUserGuarded,
  missingUserIds,
  selectAdminUser,
  selectUserLabels,
  selectUsersPage,
  setUserRole,
  type AdminUserRow,
  type UsersFilter,
} from './users-repo';

/** Who makes an admin change: a signed-in administrator, or the operator CLI (`id` null). */
export interface Actor {
  id: string | null;
  label: string;
}

export interface AdminServiceDeps {
  db: Db;
  users: Pick<UsersService, 'create' | 'deleteAccount'>;
  /** Deletes a user's stored files (bytes and rows) before the account goes. */
  deleteFilesOf: (userId: string) => Promise<unknown>;
  /** Ends every session (refresh token) of the user. */
  revokeSessions: (userId: string) => Promise<void>;
  /** Makes every instance forget what it keeps of the account (role, disabled) at once. */
  forgetAccount: (userId: string) => Promise<void>;
  /** Credits each user spent in [from, to) by the ledger; users without spend may be absent. */
  spentBetween?: (userIds: string[], from: Date, to: Date) => Promise<Map<string, number>>;
  /** The users among `userIds` with two-factor sign-in on. */
  twoFactorEnabledOf?: (userIds: string[]) => Promise<Set<string>>;
  now?: () => Date;
}

export interface AdminService {
  /** The signed-in administrator as audit entries name them (their email). */
  actor(userId: string): Promise<Actor>;
  listUsers(filter: UsersFilter): Promise<AdminUsersPage>;
  createUser(actor: Actor, input: CreateAdminUser): Promise<AdminUser>;
  updateUser(actor: Actor, userId: string, patch: PatchAdminUser): Promise<AdminUser>;
  deleteUser(actor: Actor, userId: string): Promise<void>;
  revokeSessions(actor: Actor, userId: string): Promise<void>;
  changeBalance(actor: Actor, userId: string, operation: BalanceOperation): Promise<number>;
  listGroups(): Promise<AdminGroup[]>;
  createGroup(actor: Actor, input: { name: string; description: string }): Promise<AdminGroup>;
  updateGroup(actor: Actor, groupId: string, patch: PatchGroup): Promise<AdminGroup>;
  deleteGroup(actor: Actor, groupId: string): Promise<void>;
  changeMembers(actor: Actor, groupId: string, add: string[], remove: string[]): Promise<AdminGroup>;
  audit(cursor: string | undefined): Promise<AuditPage>;
  /**
   * Writes the audit entry of another feature's admin change (budgets, two-factor reset); the actor's email
   * is looked up, and the target's when it is a user and no label is given.
   */
  recordAudit(entry: {
    actorId: string;
    action: string;
    targetId: string | null;
    targetLabel?: string | undefined;
    details: Record<string, unknown>;
  }): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_NOT_FOUND = 'User not found';
const GROUP_NOT_FOUND = 'Group not found';

/** The first instant of the UTC calendar month of `at` and of the next one. */
export function utcMonthOf(at: Date): { from: Date; to: Date } {
  return {
    from: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)),
    to: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)),
  };
}

export function createAdminService(deps: AdminServiceDeps): AdminService {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const audit = (actor: Actor, action: string, target: { id: string; label: string } | null, details = {}) =>
    insertAudit(db, {
      actorId: actor.id,
      actorLabel: actor.label,
      action,
      targetId: target?.id ?? null,
      targetLabel: target?.label ?? null,
      details,
    });

  async function present(rows: AdminUserRow[]): Promise<AdminUser[]> {
    const ids = rows.map(({ row }) => row.id);
    const month = utcMonthOf(now());
    const [spent, twoFactor] = await Promise.all([
      deps.spentBetween && ids.length > 0
        ? deps.spentBetween(ids, month.from, month.to)
        : new Map<string, number>(),
      deps.twoFactorEnabledOf && ids.length > 0 ? deps.twoFactorEnabledOf(ids) : new Set<string>(),
    ]);
    return rows.map(({ row, balance }) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      provider: row.provider,
      disabled: row.disabled,
      twoFactorEnabled: twoFactor.has(row.id),
      createdAt: row.createdAt.toISOString(),
      lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
      balance,
      spentThisMonth: spent.get(row.id) ?? 0,
    }));
  }

  async function presentOne(userId: string): Promise<AdminUser> {
    const found = await selectAdminUser(db, userId);
    if (!found) throw notFound(USER_NOT_FOUND);
    const [user] = await present([found]);
    if (!user) throw notFound(USER_NOT_FOUND);
    return user;
  }

  async function existingUser(userId: string): Promise<AdminUserRow> {
    const found = UUID.test(userId) ? await selectAdminUser(db, userId) : undefined;
    if (!found) throw notFound(USER_NOT_FOUND);
    return found;
  }

  const notYourself = (actor: Actor, userId: string) => {
    if (actor.id !== null && actor.id.toLowerCase() === userId.toLowerCase()) {
      throw new AppError(400, ADMIN_ERRORS.notYourself, { code: 'self' });
    }
  };

  /** Applies a role/disabled change under the last-admin lock; `404`, `409 last_admin` or `403`. */
  async function guardedChange(actor: Actor, userId: string, change: PatchAdminUser) {
    const outcome = await changeUserGuarded(db, actor.id, userId, change);
    if (outcome.ok) return outcome.row;
    if (outcome.reason === 'not_found') throw notFound(USER_NOT_FOUND);
    if (outcome.reason === 'last_admin')
      throw new AppError(409, ADMIN_ERRORS.lastAdmin, { code: 'last_admin' });
    throw new AppError(403, ADMIN_ERRORS.forbidden, { code: 'forbidden' });
  }

  async function existingGroup(groupId: string): Promise<AdminGroup> {
    const group = UUID.test(groupId) ? await selectGroup(db, groupId) : undefined;
    if (!group) throw notFound(GROUP_NOT_FOUND);
    return group;
  }

  const groupNameTaken = (error: unknown): never => {
    if (isUniqueViolation(error)) {
      throw new AppError(409, ADMIN_ERRORS.groupNameTaken, {
        code: 'group_name_taken',
        fields: { name: ADMIN_ERRORS.groupNameTaken },
        cause: error,
      });
    }
    throw error;
  };

  return {
    async actor(userId) {
      const found = await selectAdminUser(db, userId);
      return { id: userId, label: found?.row.email ?? userId };
    },

    async listUsers(filter) {
      const page = await selectUsersPage(db, filter, ADMIN_PAGE_SIZE);
      return { users: await present(page.rows), nextCursor: page.nextCursor };
    },

    async createUser(actor, input) {
      const account = await deps.users.create({
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
      });
      const { id, email } = account.user;
      // The very first account is ADMIN whatever was asked (someone must administer); later ones get the
      // role asked for.
      if (input.role === 'ADMIN' && account.user.role !== 'ADMIN') await setUserRole(db, id, 'ADMIN');
      await audit(actor, 'user.create', { id, label: email }, { role: input.role ?? account.user.role });
      return presentOne(id);
    },

    async updateUser(actor, userId, patch) {
      const before = await existingUser(userId);
      notYourself(actor, before.row.id);
      const row = await guardedChange(actor, before.row.id, patch);
      const lostAccess =
        (row.disabled && !before.row.disabled) || (row.role !== 'ADMIN' && before.row.role === 'ADMIN');
      if (lostAccess) await deps.revokeSessions(row.id);
      await deps.forgetAccount(row.id);
      const changes: Record<string, unknown> = {};
      if (row.role !== before.row.role) changes.role = { from: before.row.role, to: row.role };
      if (row.disabled !== before.row.disabled) changes.disabled = row.disabled;
      await audit(actor, 'user.update', { id: row.id, label: row.email }, changes);
      return presentOne(row.id);
    },

    async deleteUser(actor, userId) {
      const before = await existingUser(userId);
      notYourself(actor, before.row.id);
      // Disabled first, under the last-admin lock: from then on it counts as no administrator and signs
      // nothing in; then its files and the account go, as in the user's own deletion.
      await guardedChange(actor, before.row.id, { disabled: true });
      await deps.forgetAccount(before.row.id);
      await deps.deleteFilesOf(before.row.id);
      await deps.users.deleteAccount(before.row.id);
      await audit(actor, 'user.delete', { id: before.row.id, label: before.row.email });
    },

    async revokeSessions(actor, userId) {
      const { row } = await existingUser(userId);
      await deps.revokeSessions(row.id);
      await deps.forgetAccount(row.id);
      await audit(actor, 'user.sessions.revoke', { id: row.id, label: row.email });
    },

    async changeBalance(actor, userId, operation) {
      const { row } = await existingUser(userId);
      const balance = await adjustBalance(db, row.id, operation.op, operation.amount, 'admin');
      await audit(
        actor,
        'user.balance',
        { id: row.id, label: row.email },
        {
          op: operation.op,
          amount: operation.amount,
          balance,
          ...(operation.note ? { note: operation.note } : {}),
        },
      );
      return balance;
    },

    listGroups: () => selectGroups(db),

    async createGroup(actor, input) {
      const group = await insertGroup(db, input).catch(groupNameTaken);
      await audit(
        actor,
        'group.create',
        { id: group.id, label: group.name },
        { description: group.description },
      );
      return group;
    },

    async updateGroup(actor, groupId, patch) {
      const before = await existingGroup(groupId);
      const group = await updateGroup(db, before.id, patch).catch(groupNameTaken);
      if (!group) throw notFound(GROUP_NOT_FOUND);
      await audit(actor, 'group.update', { id: group.id, label: group.name }, { ...patch });
      return group;
    },

    async deleteGroup(actor, groupId) {
      const before = await existingGroup(groupId);
      const row = await deleteGroup(db, before.id);
      if (!row) throw notFound(GROUP_NOT_FOUND);
      await audit(actor, 'group.delete', { id: row.id, label: row.name });
    },

    async changeMembers(actor, groupId, add, remove) {
      const before = await existingGroup(groupId);
      const adding = [...new Set(add.map((id) => id.toLowerCase()))];
      const removing = [...new Set(remove.map((id) => id.toLowerCase()))];
      const missing = await missingUserIds(db, adding);
      if (missing.length > 0) {
        throw new AppError(400, ADMIN_ERRORS.unknownUsers, { fields: { add: missing.join(', ') } });
      }
      await changeMembers(db, before.id, adding, removing);
      await audit(actor, 'group.members', { id: before.id, label: before.name }, { add, remove });
      return existingGroup(before.id);
    },

    audit: (cursor) => selectAuditPage(db, cursor, ADMIN_PAGE_SIZE),

    async recordAudit(entry) {
      const ids = [entry.actorId, ...(entry.targetId && !entry.targetLabel ? [entry.targetId] : [])];
      const labels = await selectUserLabels(
        db,
        ids.filter((id) => UUID.test(id)),
      );
      const targetLabel =
        entry.targetLabel ?? (entry.targetId ? labels.get(entry.targetId.toLowerCase()) : undefined);
      await insertAudit(db, {
        actorId: entry.actorId,
        actorLabel: labels.get(entry.actorId.toLowerCase()) ?? entry.actorId,
        action: entry.action,
        targetId: entry.targetId && UUID.test(entry.targetId) ? entry.targetId : null,
        targetLabel: targetLabel ?? null,
        details: entry.details,
      });
    },
  };
}
