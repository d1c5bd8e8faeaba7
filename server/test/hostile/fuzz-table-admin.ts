import fc from 'fast-check';
import { adminPaths } from '@parley/shared/api/admin-paths';
import { hostileUrlValue, shape } from './hostile-values';
import type { RouteFuzz } from './fuzz-table';

const text = fc.string({ maxLength: 30 });
const uuid = fc.uuid();
const urlValue = (plausible: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 2, arbitrary: plausible.map(encodeURIComponent) },
    { weight: 1, arbitrary: hostileUrlValue },
  );
const id = { id: urlValue(uuid) };
const amount = fc.oneof(
  fc.double({ noNaN: false }),
  fc.constantFrom(0, 1, -1, 1e12, 1e13, Number.MAX_SAFE_INTEGER),
);

/**
 * The administration routes (users, groups, audit): fuzzed with the fuzz user's token, which is an
 * administrator's for the first route and a user's after — so both the 403 and the admin branches meet
 * hostile input. Role and ownership are tested in `src/admin/routes.test.ts`.
 */
export function adminFuzzRows(): Record<string, RouteFuzz> {
  return {
    [`GET ${adminPaths.users}`]: {
      auth: true,
      success: 'json',
      query: {
        search: urlValue(text),
        role: urlValue(fc.constantFrom('USER', 'ADMIN', 'x')),
        status: urlValue(fc.constantFrom('active', 'disabled', 'x')),
        groupId: urlValue(uuid),
        sort: urlValue(fc.constantFrom('createdAt', 'email', 'name', 'x')),
        order: urlValue(fc.constantFrom('asc', 'desc')),
        cursor: urlValue(fc.oneof(text, fc.base64String())),
      },
    },
    [`POST ${adminPaths.users}`]: {
      auth: true,
      success: 'json',
      body: shape({
        email: fc.emailAddress(),
        name: text,
        password: fc.string({ minLength: 8, maxLength: 20 }),
        role: fc.constantFrom('USER', 'ADMIN', 'x'),
      }),
    },
    [`PATCH ${adminPaths.user}`]: {
      auth: true,
      success: 'json',
      params: id,
      body: shape({ role: fc.constantFrom('USER', 'ADMIN', 'x'), disabled: fc.boolean() }),
    },
    [`DELETE ${adminPaths.user}`]: { auth: true, success: 'empty', params: id },
    [`POST ${adminPaths.userSessionsRevoke}`]: { auth: true, success: 'empty', params: id },
    [`POST ${adminPaths.userBalance}`]: {
      auth: true,
      success: 'json',
      params: id,
      body: shape({ op: fc.constantFrom('add', 'set', 'x'), amount, note: text }),
    },
    [`GET ${adminPaths.groups}`]: { auth: true, success: 'json' },
    [`POST ${adminPaths.groups}`]: {
      auth: true,
      success: 'json',
      body: shape({ name: text, description: text }),
    },
    [`PATCH ${adminPaths.group}`]: {
      auth: true,
      success: 'json',
      params: id,
      body: shape({ name: text, description: text }),
    },
    [`DELETE ${adminPaths.group}`]: { auth: true, success: 'empty', params: id },
    [`PUT ${adminPaths.groupMembers}`]: {
      auth: true,
      success: 'json',
      params: id,
      body: shape({ add: fc.array(uuid, { maxLength: 3 }), remove: fc.array(uuid, { maxLength: 3 }) }),
    },
    [`GET ${adminPaths.audit}`]: {
      auth: true,
      success: 'json',
      query: { cursor: urlValue(fc.oneof(text, fc.base64String())) },
    },
  };
}

/** Every administration route of this feature, for the ownership table (administrators only, no owner). */
export const ADMIN_ROUTE_KEYS = Object.keys(adminFuzzRows());
