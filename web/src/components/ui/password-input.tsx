import { useState, type ComponentProps } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import { Input } from './input';
import { focusRing } from './styles';

interface PasswordInputProps extends Omit<ComponentProps<typeof Input>, 'type'> {
  /** Accessible names of the reveal toggle, e.g. "Show password" / "Hide password". */
  revealLabels: { show: string; hide: string };
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordInput({ revealLabels, className, ...props }: PasswordInputProps) {
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="relative">
      <Input type={revealed ? 'text' : 'password'} className={`pe-11 ${className ?? ''}`} {...props} />
      <button
        type="button"
        className={`absolute inset-y-0 end-0 my-auto me-1.5 inline-flex size-8 items-center justify-center rounded-lg text-neutral-500 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white ${focusRing}`}
        aria-label={revealed ? revealLabels.hide : revealLabels.show}
        aria-controls={props.id}
        onClick={() => setRevealed((value) => !value)}
      >
        {revealed ? <EyeOffIcon width={18} height={18} /> : <EyeIcon width={18} height={18} />}
      </button>
    </div>
  );
}
