import { badRequest } from '../lib/errors';
import { currentMonth, type Window } from './windows';

/** The longest window a usage query may span (a little over a year). */
export const MAX_WINDOW_DAYS = 400;

/** `from`/`to` of a usage query: by default the current UTC month; `from` before `to`, at most 400 days. */
export function windowFromQuery(
  query: { from?: Date | undefined; to?: Date | undefined },
  now: Date,
): Window {
  const month = currentMonth(now);
  const from = query.from ?? month.from;
  const to = query.to ?? (query.from ? new Date(from.getTime() + 31 * 86_400_000) : month.to);
  if (from.getTime() >= to.getTime())
    throw badRequest('from: must be before to', { from: 'must be before to' });
  if (to.getTime() - from.getTime() > MAX_WINDOW_DAYS * 86_400_000) {
    throw badRequest(`to: the window may span at most ${MAX_WINDOW_DAYS} days`, {
      to: `may be at most ${MAX_WINDOW_DAYS} days after from`,
    });
  }
  return { from, to };
}
