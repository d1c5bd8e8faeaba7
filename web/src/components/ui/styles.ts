/** Shared Tailwind class strings, so focus and link styling stay identical everywhere. */
export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-neutral-100 dark:focus-visible:ring-offset-neutral-850';

export const textLink = `rounded-sm font-medium text-emerald-700 underline-offset-4 hover:underline dark:text-emerald-400 ${focusRing}`;

export const iconButton = `inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 transition-colors hover:bg-neutral-200/70 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-700/60 dark:hover:text-white ${focusRing}`;

export const primaryButton = `inline-flex h-10 items-center justify-center rounded-full bg-neutral-900 px-5 text-sm font-medium text-white transition-colors hover:bg-neutral-700 dark:bg-white dark:text-neutral-900 dark:hover:bg-neutral-200 ${focusRing}`;
