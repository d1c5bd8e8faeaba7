import { create } from 'zustand';

/** SPEC §3 Toast and §9 timings. */
export type ToastSeverity = 'info' | 'success' | 'warning' | 'error';

export const TOAST_DEFAULT_DURATION_MS = 3000;
export const TOAST_SHOW_DELAY_MS = 100;
export const ERROR_TOAST_DURATION_MS = 5000;
export const ERROR_BATCH_MS = 250;

export interface Toast {
  id: number;
  severity: ToastSeverity;
  /** One line, or several shown as a bulleted list (batched errors). */
  lines: string[];
  duration: number;
  showIcon: boolean;
}

export interface ToastInput {
  message: string;
  severity?: ToastSeverity;
  duration?: number;
  showIcon?: boolean;
}

interface ToastState {
  toasts: Toast[];
  dismiss: (id: number) => void;
}

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

let nextId = 1;

function add(toast: Omit<Toast, 'id'>): void {
  const id = nextId++;
  // SPEC §9: a toast shows after 100 ms, so one that is replaced at once never flashes.
  window.setTimeout(
    () => useToastStore.setState((state) => ({ toasts: [...state.toasts, { ...toast, id }].slice(-5) })),
    TOAST_SHOW_DELAY_MS,
  );
}

/** Shows a toast (3 s unless told otherwise). Errors go through the batch of `showErrorToast`. */
export function showToast({ message, severity = 'success', duration, showIcon = true }: ToastInput): void {
  if (severity === 'error') {
    showErrorToast(message);
    return;
  }
  add({ severity, lines: [message], duration: duration ?? TOAST_DEFAULT_DURATION_MS, showIcon });
}

/** Distinct messages in the order they came; what one batched error toast lists. */
export function batchErrorLines(messages: readonly string[]): string[] {
  return [...new Set(messages.map((message) => message.trim()).filter((message) => message !== ''))];
}

let pendingErrors: string[] = [];
let errorTimer: number | undefined;

/** SPEC §8/§9: errors arriving within 250 ms of each other become one toast listing them, shown for 5 s. */
export function showErrorToast(message: string): void {
  pendingErrors.push(message);
  window.clearTimeout(errorTimer);
  errorTimer = window.setTimeout(() => {
    const lines = batchErrorLines(pendingErrors);
    pendingErrors = [];
    if (lines.length > 0)
      add({ severity: 'error', lines, duration: ERROR_TOAST_DURATION_MS, showIcon: true });
  }, ERROR_BATCH_MS);
}
