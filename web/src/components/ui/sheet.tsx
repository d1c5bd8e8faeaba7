import { useState, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { CloseIcon } from './chat-icons';
import { focusReturnTarget } from './dialog';
import { iconButton } from './styles';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}

/**
 * A modal that takes the whole screen (a phone's side panel, issue 23): title bar with a close button, its
 * content scrolling under it. Focus is trapped, Escape closes it, and focus goes back to what opened it.
 */
export function Sheet({ open, onOpenChange, title, closeLabel, children }: SheetProps) {
  const [opener, setOpener] = useState(() => (open ? focusReturnTarget(document.activeElement) : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focusReturnTarget(document.activeElement));
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex h-dvh w-full flex-col bg-white outline-none data-[state=open]:animate-[fade-in_150ms] dark:bg-neutral-900"
          onCloseAutoFocus={(event) => {
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
        >
          <div className="flex shrink-0 items-center justify-between gap-4 border-b border-neutral-200 px-4 py-2.5 dark:border-neutral-700">
            <RadixDialog.Title className="text-base font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close className={iconButton} aria-label={closeLabel}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
