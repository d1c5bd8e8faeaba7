/** Shared Tailwind class strings, so focus and link styling stay identical everywhere. */
export const focusRing =
  'outline-none focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-neutral-100 dark:focus-visible:ring-offset-neutral-850';

export const textLink = `rounded-sm font-medium text-emerald-700 underline-offset-4 hover:underline dark:text-emerald-400 ${focusRing}`;

/** Disabled controls look it (issue 16 item 8): faded, no hover change, a not-allowed pointer. */
const disabledLook = 'disabled:cursor-not-allowed disabled:opacity-40';

export const iconButton = `inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 transition-colors enabled:hover:bg-neutral-200/70 enabled:hover:text-neutral-900 dark:text-neutral-300 dark:enabled:hover:bg-neutral-700/60 dark:enabled:hover:text-white ${disabledLook} ${focusRing}`;

export const primaryButton = `inline-flex h-10 items-center justify-center rounded-full bg-neutral-900 px-5 text-sm font-medium text-white transition-colors enabled:hover:bg-neutral-700 dark:bg-white dark:text-neutral-900 dark:enabled:hover:bg-neutral-200 ${disabledLook} ${focusRing}`;
