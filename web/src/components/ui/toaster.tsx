import { Toast } from 'radix-ui';
import { useToastStore, type ToastSeverity } from '../../lib/toast-store';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './chat-icons';

const tone: Record<ToastSeverity, string> = {
  success: 'text-emerald-600 dark:text-emerald-400',
  info: 'text-neutral-500 dark:text-neutral-300',
  warning: 'text-amber-600 dark:text-amber-400',
  error: 'text-red-600 dark:text-red-400',
};

function SeverityIcon({ severity }: { severity: ToastSeverity }) {
  if (severity === 'success') return <CheckCircleIcon className={tone[severity]} />;
  if (severity === 'info') return <InfoIcon className={tone[severity]} />;
  return <AlertIcon className={tone[severity]} />;
}

/** Renders the toasts of the toast store (Radix Toast: announced politely, errors assertively). */
export function Toaster({ closeLabel, regionLabel }: { closeLabel: string; regionLabel: string }) {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <Toast.Provider swipeDirection="down" label={regionLabel}>
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          duration={toast.duration}
          type={toast.severity === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(toast.id);
          }}
          className="flex w-full items-start gap-3 rounded-xl border border-neutral-200 bg-white px-4 py-3 text-sm shadow-lg dark:border-neutral-700 dark:bg-neutral-800"
        >
          {toast.showIcon && (
            <span className="mt-px shrink-0">
              <SeverityIcon severity={toast.severity} />
            </span>
          )}
          <Toast.Description className="min-w-0 flex-1 break-words">
            {toast.lines.length === 1 ? (
              toast.lines[0]
            ) : (
              <ul className="list-disc ps-4">
                {toast.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </Toast.Description>
          <Toast.Close
            aria-label={closeLabel}
            className="-me-1 shrink-0 rounded p-0.5 text-neutral-500 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white"
          >
            <CloseIcon width={16} height={16} />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-4 start-1/2 z-[60] flex w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 flex-col gap-2 outline-none rtl:translate-x-1/2" />
    </Toast.Provider>
  );
}
