/** A horizontal rule with a word in the middle ("OR"); decorative for screen readers. */
export function TextDivider({ text }: { text: string }) {
  return (
    <div
      className="flex items-center gap-3 text-xs font-medium uppercase text-neutral-500 dark:text-neutral-400"
      aria-hidden="true"
    >
      <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
      {text}
      <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
    </div>
  );
}
