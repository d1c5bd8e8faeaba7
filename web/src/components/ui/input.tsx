import type { InputHTMLAttributes, Ref } from 'react';

interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

const inputBase =
  'h-11 w-full rounded-xl border bg-white px-3.5 text-[15px] text-neutral-900 placeholder:text-neutral-400 transition-colors outline-none focus-visible:ring-2 focus-visible:ring-offset-1 focus-visible:ring-offset-white disabled:opacity-60 dark:bg-neutral-800 dark:text-neutral-100 dark:focus-visible:ring-offset-neutral-850';
const inputValid =
  'border-neutral-300 hover:border-neutral-400 focus-visible:border-neutral-900 focus-visible:ring-neutral-900/15 dark:border-neutral-600 dark:hover:border-neutral-500 dark:focus-visible:border-neutral-200 dark:focus-visible:ring-neutral-100/20';
const inputInvalid =
  'border-red-600 focus-visible:ring-red-600/25 dark:border-red-400 dark:focus-visible:ring-red-400/30';

/** A text input; `invalid` sets `aria-invalid` and the error colours. */
export function Input({ invalid = false, className, ...props }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={`${inputBase} ${invalid ? inputInvalid : inputValid} ${className ?? ''}`}
      {...props}
    />
  );
}
