/** An indeterminate progress indicator with an accessible label. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="inline-flex items-center justify-center">
      <svg
        className="size-6 animate-spin text-neutral-400"
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </div>
  );
}
