import type { ReactNode } from 'react';

export type AlertVariant = 'error' | 'success' | 'info';

const variants: Record<AlertVariant, string> = {
  error: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900/70 dark:bg-red-950/50 dark:text-red-200',
  success:
    'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900/70 dark:bg-emerald-950/40 dark:text-emerald-100',
  info: 'border-neutral-200 bg-neutral-50 text-neutral-800 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-200',
};

/** A banner: errors are announced at once (`role="alert"`), other news politely (`role="status"`). */
export function Alert({ variant, children }: { variant: AlertVariant; children: ReactNode }) {
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={`rounded-xl border px-4 py-3 text-sm leading-relaxed ${variants[variant]}`}
    >
      {children}
    </div>
  );
}
