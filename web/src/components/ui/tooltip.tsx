import type { FocusEvent, ReactElement, ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';

/** SPEC §9: a tooltip shows 250 ms after the pointer rests on its control. */
export const TOOLTIP_DELAY_MS = 250;

/**
 * Radix opens a tooltip on any focus; only keyboard focus (`:focus-visible`) should, or a menu that moves
 * focus to its first button on a click would show that button's tooltip unasked.
 */
function onlyVisibleFocus(event: FocusEvent<HTMLElement>) {
  let visible = true;
  try {
    visible = event.currentTarget.matches(':focus-visible');
  } catch {
    // An engine without :focus-visible: every focus counts.
  }
  // After a pointer press focus moved by a script is not keyboard focus, whatever Chromium says
  // (lib/input-modality.ts).
  if (document.documentElement.dataset.inputModality === 'pointer') visible = false;
  if (!visible) event.preventDefault();
}

/**
 * A short label for a control, for sighted pointer and keyboard users: after 250 ms of hover, at once on
 * keyboard focus; Escape, blur and leaving hide it. It is `role="tooltip"` and describes its control
 * (aria-describedby) while shown; the control keeps its own accessible name (aria-label). It flips and shifts
 * to stay on screen (375 px wide included) and follows the page's direction and theme.
 */
export function Tooltip({
  content,
  children,
  side = 'bottom',
}: {
  content: ReactNode;
  /** One focusable element (a button or link) that takes a ref. */
  children: ReactElement;
  /** Logical: `start` and `end` follow the page's direction. */
  side?: 'top' | 'bottom' | 'start' | 'end';
}) {
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  const physical =
    side === 'start' ? (rtl ? 'right' : 'left') : side === 'end' ? (rtl ? 'left' : 'right') : side;
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild onFocus={onlyVisibleFocus}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={physical}
            sideOffset={6}
            collisionPadding={8}
            className="z-[70] max-w-[min(18rem,calc(100vw-1rem))] rounded-md bg-neutral-900 px-2 py-1 text-xs font-medium text-white shadow-md select-none dark:bg-neutral-100 dark:text-neutral-900"
          >
            {content}
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
