import type { ComponentProps } from 'react';
import { Label as RadixLabel } from 'radix-ui';

/** A form label (Radix: clicking it focuses its control without selecting text). */
export function Label({ className, ...props }: ComponentProps<typeof RadixLabel.Root>) {
  return (
    <RadixLabel.Root
      className={`text-sm font-medium text-neutral-800 dark:text-neutral-200 ${className ?? ''}`}
      {...props}
    />
  );
}
