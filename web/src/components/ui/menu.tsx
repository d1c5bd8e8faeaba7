import type { ComponentProps, ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';

/** Surfaces of floating menus and popovers, shared so they look alike. */
export const floatingSurface =
  'z-50 rounded-2xl border border-neutral-200 bg-white p-1.5 text-sm shadow-lg outline-none dark:border-neutral-700 dark:bg-neutral-800';

export const menuItemClass =
  'flex min-h-9 cursor-pointer select-none items-center gap-2.5 rounded-lg px-2.5 py-1.5 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-neutral-100 dark:data-[highlighted]:bg-neutral-700';

/** A Radix dropdown menu: keyboard navigation, typeahead and focus return come with it. */
export function Menu({
  trigger,
  children,
  align = 'start',
  side = 'bottom',
  label,
  contentClassName,
  onCloseAutoFocus,
  modal = true,
}: {
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'bottom';
  /** Accessible name of the menu itself. */
  label?: string;
  contentClassName?: string;
  /** Radix returns focus to the trigger on close; an item that moves focus elsewhere prevents that. */
  onCloseAutoFocus?: (event: Event) => void;
  /** A modal menu hides the rest of the page from assistive technology and blocks scrolling outside it. */
  modal?: boolean;
}) {
  return (
    <DropdownMenu.Root modal={modal}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          side={side}
          sideOffset={6}
          aria-label={label}
          onCloseAutoFocus={onCloseAutoFocus}
          className={`${floatingSurface} min-w-56 ${contentClassName ?? ''}`}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={`${menuItemClass} ${className ?? ''}`} {...props} />;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-neutral-200 dark:bg-neutral-700" />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <DropdownMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-neutral-500 dark:text-neutral-400">
      {children}
    </DropdownMenu.Label>
  );
}

export const MenuRadioGroup = DropdownMenu.RadioGroup;

export function MenuRadioItem({
  children,
  className,
  ...props
}: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return (
    <DropdownMenu.RadioItem className={`${menuItemClass} ${className ?? ''}`} {...props}>
      <span className="min-w-0 flex-1">{children}</span>
      <DropdownMenu.ItemIndicator>
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
}
