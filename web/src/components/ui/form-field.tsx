import type { ComponentProps } from 'react';
import { Input } from './input';
import { Label } from './label';
import { PasswordInput } from './password-input';

type InputProps = Omit<ComponentProps<typeof Input>, 'id' | 'invalid'>;

interface FormFieldProps extends InputProps {
  id: string;
  label: string;
  /** Shown under the input and announced; also marks the input invalid. */
  error?: string;
  /** For `type="password"`: adds a show/hide toggle with these names. */
  revealLabels?: { show: string; hide: string };
}

/** A labelled input with its error message wired up through `aria-describedby`. */
export function FormField({ id, label, error, revealLabels, type, ...props }: FormFieldProps) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    invalid: Boolean(error),
    'aria-describedby': error ? errorId : undefined,
    ...props,
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {type === 'password' && revealLabels ? (
        <PasswordInput revealLabels={revealLabels} {...shared} />
      ) : (
        <Input type={type} {...shared} />
      )}
      {error && (
        <p id={errorId} role="alert" className="text-[13px] text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
