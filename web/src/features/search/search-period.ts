/** The search results' period filter: the "Last 7 days" and "Last 30 days" labels of SPEC §2. */
export const SEARCH_PERIODS = ['any', 'last7', 'last30'] as const;
export type SearchPeriod = (typeof SEARCH_PERIODS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The earliest `updatedAt` a period keeps (ms), or null for any time. The spans match the conversation list's
 * headings: "Last 7 days" is what shows under Today, Yesterday and Previous 7 days; "Last 30 days" adds
 * Previous 30 days (local days, counted from the start of today).
 */
export function periodStart(period: SearchPeriod, now: Date): number | null {
  if (period === 'any') return null;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return today - (period === 'last7' ? 7 : 30) * DAY_MS;
}
