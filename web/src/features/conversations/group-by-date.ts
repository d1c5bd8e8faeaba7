/** SPEC §2: the sidebar's date headings. */
export type DateGroup =
  | { kind: 'pinned' | 'today' | 'yesterday' | 'previous7' | 'previous30' }
  | { kind: 'month'; month: number }
  | { kind: 'year'; year: number };

export interface Grouped<T> {
  key: string;
  group: DateGroup;
  items: T[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Which heading a conversation updated at `updatedAt` falls under, seen at `now` (local time). */
export function dateGroupOf(updatedAt: Date, now: Date): DateGroup {
  const today = startOfDay(now);
  const time = updatedAt.getTime();
  if (time >= today) return { kind: 'today' };
  if (time >= today - DAY_MS) return { kind: 'yesterday' };
  if (time >= today - 7 * DAY_MS) return { kind: 'previous7' };
  if (time >= today - 30 * DAY_MS) return { kind: 'previous30' };
  if (updatedAt.getFullYear() === now.getFullYear()) return { kind: 'month', month: updatedAt.getMonth() };
  return { kind: 'year', year: updatedAt.getFullYear() };
}

export function dateGroupKey(group: DateGroup): string {
  if (group.kind === 'month') return `month-${group.month}`;
  if (group.kind === 'year') return `year-${group.year}`;
  return group.kind;
}

/**
 * Groups items (newest first, as the API pages them) under their headings, keeping their order. An item
 * whose date is unreadable is put with the previous one rather than dropped.
 */
export function groupByDate<T extends { updatedAt: string }>(items: readonly T[], now: Date): Grouped<T>[] {
  const groups: Grouped<T>[] = [];
  const byKey = new Map<string, Grouped<T>>();
  for (const item of items) {
    const date = new Date(item.updatedAt);
    const group: DateGroup = Number.isNaN(date.getTime())
      ? (groups.at(-1)?.group ?? { kind: 'today' })
      : dateGroupOf(date, now);
    const key = dateGroupKey(group);
    let entry = byKey.get(key);
    if (!entry) {
      entry = { key, group, items: [] };
      byKey.set(key, entry);
      groups.push(entry);
    }
    entry.items.push(item);
  }
  return groups;
}
