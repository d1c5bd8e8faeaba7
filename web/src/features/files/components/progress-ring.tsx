/** A small ring that fills with upload progress (0 to 1), announced as a progress bar. */
export function ProgressRing({ value, label }: { value: number; label: string }) {
  const radius = 9;
  const circumference = 2 * Math.PI * radius;
  return (
    <svg
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value * 100)}
      width={24}
      height={24}
      viewBox="0 0 24 24"
      className="-rotate-90"
    >
      <circle cx="12" cy="12" r={radius} fill="none" strokeWidth="3" className="stroke-white/40" />
      <circle
        cx="12"
        cy="12"
        r={radius}
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray={circumference}
        strokeDashoffset={circumference * (1 - value)}
        className="stroke-white transition-[stroke-dashoffset] duration-300"
      />
    </svg>
  );
}
