import { focusRing } from './styles';

/** Compact buttons of dialogs and message footers (the full-width pill is `Button`). */
const compact = `inline-flex h-9 items-center justify-center gap-2 rounded-full px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

export const primaryCompactButton = `${compact} bg-neutral-900 text-white enabled:hover:bg-neutral-700 dark:bg-white dark:text-neutral-900 dark:enabled:hover:bg-neutral-200`;

export const secondaryButton = `${compact} border border-neutral-300 bg-white text-neutral-900 enabled:hover:bg-neutral-100 dark:border-neutral-600 dark:bg-transparent dark:text-neutral-100 dark:enabled:hover:bg-neutral-700`;

export const dangerButton = `${compact} bg-red-600 text-white enabled:hover:bg-red-700 dark:bg-red-600 dark:enabled:hover:bg-red-500`;

/** A small square icon button for toolbars (message footer, code block header). */
export const smallIconButton = `inline-flex size-8 items-center justify-center rounded-lg text-neutral-500 transition-colors enabled:hover:bg-neutral-100 enabled:hover:text-neutral-900 disabled:opacity-40 dark:text-neutral-400 dark:enabled:hover:bg-neutral-700 dark:enabled:hover:text-white ${focusRing}`;
