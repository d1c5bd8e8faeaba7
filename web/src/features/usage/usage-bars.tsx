/** One bar of a chart: its label, its value and how the value reads. */
export interface Bar {
  key: string;
  label: string;
  value: number;
  text: string;
}

/**
 * A small horizontal bar chart (no chart library for a few bars): each row is its label, a bar as long as
 * its share of the largest value, and the value. A list for screen readers.
 */
export function UsageBars({ bars, label }: { bars: Bar[]; label: string }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <ul aria-label={label} className="space-y-1.5">
      {bars.map((bar) => (
        <li key={bar.key} className="grid grid-cols-[minmax(0,9rem)_1fr_auto] items-center gap-2 text-xs">
          <span className="truncate text-neutral-700 dark:text-neutral-300" title={bar.label}>
            {bar.label}
          </span>
          <span className="h-2.5 rounded-full bg-neutral-100 dark:bg-neutral-800" aria-hidden="true">
            <span
              className="block h-full rounded-full bg-emerald-600 dark:bg-emerald-400"
              style={{ width: `${max > 0 ? Math.max(2, (bar.value / max) * 100) : 0}%` }}
            />
          </span>
          <span className="tabular-nums text-neutral-600 dark:text-neutral-300">{bar.text}</span>
        </li>
      ))}
    </ul>
  );
}
