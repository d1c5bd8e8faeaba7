/** The administration routes of API.md "Administration, budgets and usage" (users, groups, audit). */
export const adminPaths = {
  users: '/api/admin/users',
  user: '/api/admin/users/:id',
  userSessionsRevoke: '/api/admin/users/:id/sessions/revoke',
  userBalance: '/api/admin/users/:id/balance',
  groups: '/api/admin/groups',
  group: '/api/admin/groups/:id',
  groupMembers: '/api/admin/groups/:id/members',
  audit: '/api/admin/audit',
} as const;

/** A route pattern with its `:id` filled in. */
export const adminPath = (pattern: string, id: string): string =>
  pattern.replace(':id', encodeURIComponent(id));
