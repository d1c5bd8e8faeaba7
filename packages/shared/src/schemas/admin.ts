import { z } from 'zod';
import { registerRequestSchema } from './auth';
import { AUTH_PROVIDERS, USER_ROLES } from './user';

/** The largest amount of credits an administrator may add or set at once (1,000,000 USD). */
export const MAX_BALANCE_AMOUNT = 1_000_000_000_000;
/** Rows per page of the admin tables. */
export const ADMIN_PAGE_SIZE = 50;

/** Texts of the admin routes' refusals the console shows (API.md "Administration, budgets and usage"). */
export const ADMIN_ERRORS = {
  forbidden: 'Only administrators may do this.',
  lastAdmin: 'At least one active administrator must remain.',
  notYourself: 'You cannot demote or disable your own account.',
  accountDisabled: 'Your account has been disabled. Please contact your administrator.',
  groupNameTaken: 'A group with this name already exists.',
  unknownUsers: 'Some of these users do not exist.',
} as const;

/** One account as the Users tab lists it. */
export const adminUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  provider: z.enum(AUTH_PROVIDERS),
  disabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
  /** Credits (1,000,000 = 1 USD). */
  balance: z.number(),
  /** Credits spent in the current UTC calendar month. */
  spentThisMonth: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USER_SORTS = ['createdAt', 'email', 'name'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** `GET /api/admin/users` query; `groupId` lists a group's members. */
export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  role: z.enum(USER_ROLES).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  groupId: z.uuid().optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  cursor: z.string().max(1000).optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** `POST /api/admin/users`: the registration form's rules for email, name and password. */
export const createAdminUserSchema = z.object({
  email: registerRequestSchema.shape.email,
  name: registerRequestSchema.shape.name,
  password: registerRequestSchema.shape.password,
  role: z.enum(USER_ROLES).optional(),
});
export type CreateAdminUser = z.infer<typeof createAdminUserSchema>;

/** `PATCH /api/admin/users/{id}`. */
export const patchAdminUserSchema = z
  .object({ role: z.enum(USER_ROLES).optional(), disabled: z.boolean().optional() })
  .refine((value) => value.role !== undefined || value.disabled !== undefined, {
    message: 'Give a role or disabled',
  });
export type PatchAdminUser = z.infer<typeof patchAdminUserSchema>;

/** `POST /api/admin/users/{id}/balance`: whole or fractional credits, never negative or absurd. */
export const balanceOperationSchema = z
  .object({
    op: z.enum(['add', 'set']),
    amount: z
      .number({ error: 'must be a number' })
      .finite('must be a number')
      .min(0, 'may not be negative')
      .max(MAX_BALANCE_AMOUNT, 'is too large'),
    note: z.string().trim().max(500).optional(),
  })
  .refine((value) => value.op === 'set' || value.amount > 0, {
    message: 'must be more than 0',
    path: ['amount'],
  });
export type BalanceOperation = z.infer<typeof balanceOperationSchema>;

export const balanceOperationResultSchema = z.object({ balance: z.number() });

export const adminGroupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;

const groupName = z.string().trim().min(1, 'is required').max(100, 'is too long');
const groupDescription = z.string().trim().max(500, 'is too long');

export const createGroupSchema = z.object({ name: groupName, description: groupDescription.default('') });
export type CreateGroup = z.input<typeof createGroupSchema>;
export const patchGroupSchema = z
  .object({ name: groupName.optional(), description: groupDescription.optional() })
  .refine((value) => value.name !== undefined || value.description !== undefined, {
    message: 'Give a name or description',
  });
export type PatchGroup = z.infer<typeof patchGroupSchema>;

/** `PUT /api/admin/groups/{id}/members`. */
export const groupMembersChangeSchema = z.object({
  add: z.array(z.uuid()).max(1000).default([]),
  remove: z.array(z.uuid()).max(1000).default([]),
});
export type GroupMembersChange = z.input<typeof groupMembersChangeSchema>;

export const adminGroupsSchema = z.object({ groups: z.array(adminGroupSchema) });

export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'user.sessions.revoke',
  'user.balance',
  'user.2fa.reset',
  'group.create',
  'group.update',
  'group.delete',
  'group.members',
  'budget.create',
  'budget.update',
  'budget.delete',
] as const;

/** One audit entry: who (`actorId`, null for the operator CLI), what, on whom, when; labels outlive accounts. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  actorId: z.uuid().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  targetId: z.uuid().nullable(),
  targetLabel: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({ cursor: z.string().max(1000).optional() });
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
