import { useId } from 'react';
import { Switch as RadixSwitch } from 'radix-ui';
import { focusRing } from './styles';

interface SwitchRowProps {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /**
   * Shown as unavailable and not togglable, but left focusable (`aria-disabled`, not `disabled`), so keyboard
   * and screen-reader users reach it and hear the description that says why.
   */
  disabled?: boolean;
}

/** A labelled on/off switch on one row: the label on the start side, the switch on the end. */
export function SwitchRow({ label, description, checked, onCheckedChange, disabled }: SwitchRowProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="mt-0.5 text-xs text-neutral-500 dark:text-neutral-400">
            {description}
          </p>
        )}
      </div>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={(next) => {
          if (!disabled) onCheckedChange(next);
        }}
        aria-disabled={disabled || undefined}
        aria-describedby={description ? `${id}-description` : undefined}
        className={`relative inline-flex h-6 w-10 shrink-0 items-center rounded-full bg-neutral-300 transition-colors data-[state=checked]:bg-emerald-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 dark:bg-neutral-600 dark:data-[state=checked]:bg-emerald-500 ${focusRing}`}
      >
        <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px] rtl:-translate-x-0.5 rtl:data-[state=checked]:-translate-x-[18px]" />
      </RadixSwitch.Root>
    </div>
  );
}
