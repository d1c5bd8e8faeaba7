import type { BudgetPeriod } from '@parley/shared/schemas/budget';

/** A budget's current window: [from, to), `to` being when it resets. */
export interface Window {
  from: Date;
  to: Date;
}

const DAY_MS = 86_400_000;

/** The UTC calendar day, ISO week (Monday 00:00 to Monday 00:00) or month that holds `now`. */
export function windowOf(period: BudgetPeriod, now: Date): Window {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const day = now.getUTCDate();
  if (period === 'month')
    return { from: new Date(Date.UTC(year, month, 1)), to: new Date(Date.UTC(year, month + 1, 1)) };
  const midnight = Date.UTC(year, month, day);
  if (period === 'day') return { from: new Date(midnight), to: new Date(midnight + DAY_MS) };
  // getUTCDay: Sunday 0 … Saturday 6; the ISO week starts on Monday.
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const monday = midnight - sinceMonday * DAY_MS;
  return { from: new Date(monday), to: new Date(monday + 7 * DAY_MS) };
}

/** The current UTC month: the default window of the usage pages. */
export const currentMonth = (now: Date): Window => windowOf('month', now);
