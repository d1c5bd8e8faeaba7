/** Class lists shared by the admin tables. */
export const tableWrap =
  'overflow-x-auto rounded-xl border border-neutral-200 bg-white dark:border-neutral-700 dark:bg-neutral-900';
export const tableHead =
  'px-3 py-2 text-start text-xs font-medium whitespace-nowrap text-neutral-500 dark:text-neutral-400';
export const tableCell = 'px-3 py-2 align-top';
export const selectClass =
  'h-11 rounded-xl border border-neutral-300 bg-white px-2 text-sm text-neutral-900 dark:border-neutral-600 dark:bg-neutral-800 dark:text-neutral-100';
