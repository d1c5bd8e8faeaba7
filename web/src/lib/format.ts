import type { BudgetMetric } from '@parley/shared/schemas/budget';
import { CREDITS_PER_USD } from '@parley/shared/schemas/balance';

/** Credits as US dollars, as the app shows money ("$0.0123"; small amounts keep 4 decimals). */
export function formatCredits(credits: number, locale: string): string {
  const usd = credits / CREDITS_PER_USD;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: usd !== 0 && Math.abs(usd) < 1 ? 4 : 2,
    maximumFractionDigits: usd !== 0 && Math.abs(usd) < 1 ? 4 : 2,
  }).format(usd);
}

export const formatCount = (value: number, locale: string): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);

/** A budget amount in its metric: credits as money, tokens and requests as counts. */
export const formatAmount = (metric: BudgetMetric, value: number, locale: string): string =>
  metric === 'credits' ? formatCredits(value, locale) : formatCount(value, locale);

/** A reset moment in the reader's language, as a date (and time when it is not midnight UTC). */
export const formatInstant = (iso: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(iso),
  ) + ' UTC';
