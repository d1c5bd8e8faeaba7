import fc from 'fast-check';
import { usagePaths } from '@parley/shared/api/usage-paths';
import { hostileUrlValue, shape } from './hostile-values';
import type { RouteFuzz } from './fuzz-table';

const text = fc.string({ maxLength: 30 });
const urlValue = (plausible: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 2, arbitrary: plausible.map(encodeURIComponent) },
    { weight: 1, arbitrary: hostileUrlValue },
  );
const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const instant = urlValue(
  fc.oneof(
    day,
    day.map((iso) => iso.slice(0, 10)),
    text,
  ),
);
const budgetBody = shape({
  scope: fc.constantFrom('global', 'role', 'group', 'user', 'x'),
  scopeId: fc.oneof(fc.uuid(), fc.constantFrom('USER', 'ADMIN'), text),
  model: fc.oneof(fc.constantFrom('gpt-4*', 'o?-mini', '*'), text),
  metric: fc.constantFrom('credits', 'tokens', 'requests', 'x'),
  limit: fc.oneof(fc.double({ noNaN: false }), fc.constantFrom(0, 1, -1, 1e15, 1e16)),
  period: fc.constantFrom('day', 'week', 'month', 'year'),
  warnAtPct: fc.oneof(fc.integer({ min: -5, max: 150 }), fc.double()),
});
const usageQuery = {
  from: instant,
  to: instant,
  groupBy: urlValue(fc.constantFrom('user', 'model', 'day', 'group', 'x')),
  userId: urlValue(fc.oneof(fc.uuid(), text)),
  groupId: urlValue(fc.oneof(fc.uuid(), text)),
  model: urlValue(text),
};

/** The caller's own usage and limits. */
export function usageFuzzRows(): Record<string, RouteFuzz> {
  return {
    [`GET ${usagePaths.usage}`]: {
      auth: true,
      success: 'json',
      query: { from: instant, to: instant, groupBy: urlValue(fc.constantFrom('day', 'model', 'x')) },
    },
    [`GET ${usagePaths.usageBudgets}`]: { auth: true, success: 'json' },
  };
}

/**
 * Budgets and everyone's usage (administrators; the fuzz user is an administrator for the first route and a
 * user after, as for `adminFuzzRows`). Role refusals: src/admin/budgets-usage-routes.test.ts.
 */
export function budgetsAdminFuzzRows(): Record<string, RouteFuzz> {
  const id = { id: urlValue(fc.oneof(fc.uuid(), fc.constantFrom('yaml-1'), text)) };
  return {
    [`GET ${usagePaths.adminBudgets}`]: { auth: true, success: 'json' },
    [`POST ${usagePaths.adminBudgets}`]: { auth: true, success: 'json', body: budgetBody },
    [`PATCH ${usagePaths.adminBudget}`]: { auth: true, success: 'json', params: id, body: budgetBody },
    [`DELETE ${usagePaths.adminBudget}`]: { auth: true, success: 'empty', params: id },
    [`GET ${usagePaths.adminUsage}`]: {
      auth: true,
      success: 'json',
      query: { ...usageQuery, cursor: urlValue(fc.oneof(text, fc.base64String())), limit: urlValue(text) },
    },
    [`GET ${usagePaths.adminUsageExport}`]: {
      auth: true,
      success: 'bytes',
      query: {
        ...usageQuery,
        format: urlValue(fc.constantFrom('csv', 'xml')),
        level: urlValue(fc.constantFrom('daily', 'ledger', 'x')),
      },
    },
  };
}

export const USAGE_ROUTE_KEYS = Object.keys(usageFuzzRows());
export const BUDGETS_ADMIN_ROUTE_KEYS = Object.keys(budgetsAdminFuzzRows());
