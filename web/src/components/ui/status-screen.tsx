import type { ReactNode } from 'react';

/** A full-page message (not found, crashed) with one way out. */
export function StatusScreen({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-white px-6 dark:bg-neutral-850">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-3 text-neutral-600 dark:text-neutral-400">{text}</p>
        <div className="mt-8">{action}</div>
      </div>
    </main>
  );
}
