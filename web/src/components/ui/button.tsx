import type { ButtonHTMLAttributes } from 'react';
import { focusRing } from './styles';

export type ButtonVariant = 'primary' | 'outline';

const base = `inline-flex h-11 w-full items-center justify-center gap-2.5 rounded-full px-5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`;

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-neutral-900 text-white enabled:hover:bg-neutral-700 dark:bg-white dark:text-neutral-900 dark:enabled:hover:bg-neutral-200',
  outline:
    'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-100 enabled:hover:bg-neutral-100 dark:border-neutral-600 dark:bg-transparent dark:text-neutral-100 dark:hover:bg-neutral-800',
};

/** The class list of a full-width button, for links that look like one (social sign-in). */
export function buttonClass(variant: ButtonVariant): string {
  return `${base} ${variants[variant]}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner, marks the button busy and disables it. */
  busy?: boolean;
}

/** A full-width pill button; `type` defaults to `button` so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  busy = false,
  type = 'button',
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClass(variant)} ${className ?? ''}`}
      aria-busy={busy || undefined}
      {...props}
      disabled={busy || props.disabled}
    >
      {busy && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      {children}
    </button>
  );
}
