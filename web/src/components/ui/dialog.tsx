import { useState, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { CloseIcon } from './chat-icons';
import { iconButton } from './styles';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read out after the title; visually hidden unless `showDescription`. */
  description?: string;
  showDescription?: boolean;
  closeLabel: string;
  /** Tailwind max-width class of the panel. */
  width?: string;
  /** Tailwind height classes for a panel that keeps one height whatever it shows (tabs). */
  height?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * Where focus goes back when a dialog closes: the element that had it as the dialog opened, or, when that
 * was inside a menu or popover (which closes as the dialog opens), the button that opened that menu.
 */
export function focusReturnTarget(active: Element | null): HTMLElement | null {
  let element = active;
  // A submenu's trigger is itself inside a menu: climb until outside every popup.
  for (let depth = 0; depth < 5 && element instanceof HTMLElement; depth += 1) {
    const popup = element.closest('[data-radix-popper-content-wrapper] > [id]');
    if (!popup) return element === document.body ? null : element;
    element = document.querySelector(`[aria-controls="${CSS.escape(popup.id)}"]`);
  }
  return null;
}

/**
 * A modal dialog (Radix): focus trapped, Escape and the close button dismiss it, title announced. Closing
 * gives focus back to what opened it (issue 16): Radix does so only for its own Dialog.Trigger, and the
 * app's dialogs open from menus, popovers and buttons elsewhere.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  showDescription = false,
  closeLabel,
  width = 'max-w-lg',
  height = '',
  children,
  footer,
}: DialogProps) {
  // Taken while rendering the opening, before a menu that opened the dialog is removed from the page.
  const [opener, setOpener] = useState(() => (open ? focusReturnTarget(document.activeElement) : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focusReturnTarget(document.activeElement));
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-[fade-in_150ms]" />
        <RadixDialog.Content
          className={`fixed start-1/2 top-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-2rem)] ${width} ${height} -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl outline-none rtl:translate-x-1/2 dark:bg-neutral-800`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
        >
          <div className="flex items-center justify-between gap-4 border-b border-neutral-200 px-5 py-4 dark:border-neutral-700">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close className={iconButton} aria-label={closeLabel}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description
              className={
                showDescription ? 'px-5 pt-4 text-sm text-neutral-600 dark:text-neutral-300' : 'sr-only'
              }
            >
              {description}
            </RadixDialog.Description>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 px-5 py-3 dark:border-neutral-700">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
