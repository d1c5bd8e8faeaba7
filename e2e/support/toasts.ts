import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * A toast lasts 3 s (SPEC §9; errors 5 s): a check that polls for it on a busy machine can miss the whole
 * window. So every page of a journey records each toast as it appears, and a journey asks whether it showed.
 *
 * What is recorded for a toast: its text, trimmed. A batched error toast lists several lines; its text is
 * those lines, each trimmed, joined by '\n' (not the `textContent`, which runs them together).
 */

/** One toast shown on the page; `claimed` once a check has accounted for it. */
interface Showing {
  text: string;
  claimed: boolean;
}

/** What the page keeps, under `globalThis.__toastRecorder`. */
interface ToastRecorder {
  /** The toasts not yet accounted for, in the order they showed; claims the first with `text`, if any. */
  claim(text: string): string[];
}

interface ToastElement {
  textContent: string | null;
  querySelectorAll(selector: string): Iterable<ToastElement>;
}

/** What the recorder uses of the page's globals (this package is typed without the DOM library). */
interface RecorderGlobals {
  __toastRecorder?: ToastRecorder;
  self: unknown;
  top: unknown;
  document: ToastElement;
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: Record<string, boolean>): void;
  };
}

/** Runs in the page (serialised by Playwright), before the app's scripts: nothing from outside but `options`. */
function installRecorder(options: { selector: string; storageKey: string }): void {
  const globals = globalThis as unknown as RecorderGlobals;
  // Frames get init scripts too; toasts live in the top document, and a same-origin frame would share its list.
  if (globals.self !== globals.top || globals.__toastRecorder) return;

  // Kept in sessionStorage (this tab, this origin) so a toast shown just before a reload is still known after it.
  const load = (): Showing[] => {
    try {
      const stored: unknown = JSON.parse(globals.sessionStorage.getItem(options.storageKey) ?? '[]');
      return Array.isArray(stored) ? (stored as Showing[]) : [];
    } catch {
      return [];
    }
  };
  const shown = load();
  const save = () => {
    try {
      globals.sessionStorage.setItem(options.storageKey, JSON.stringify(shown));
    } catch {
      // about:blank and other opaque origins have no storage; the list then lives as long as the document.
    }
  };

  const textOf = (toast: ToastElement): string => {
    const lines = [...toast.querySelectorAll('li')].map((line) => line.textContent?.trim() ?? '');
    return lines.length > 0 ? lines.join('\n') : (toast.textContent?.trim() ?? '');
  };
  // Element by element, so the same text shown twice is two showings; a toast is whole when it is inserted.
  const seen = new WeakSet<ToastElement>();
  const collect = () => {
    let added = false;
    for (const toast of globals.document.querySelectorAll(options.selector)) {
      if (seen.has(toast)) continue;
      const text = textOf(toast);
      if (text === '') continue;
      seen.add(toast);
      shown.push({ text, claimed: false });
      added = true;
    }
    if (added) save();
  };
  // Before the app runs there is no body yet: the document itself is watched.
  new globals.MutationObserver(collect).observe(globals.document, {
    childList: true,
    subtree: true,
    characterData: true,
  });

  globals.__toastRecorder = {
    claim(text) {
      const unclaimed = shown.filter((showing) => !showing.claimed).map((showing) => showing.text);
      const showing = shown.find((candidate) => !candidate.claimed && candidate.text === text);
      if (showing) {
        showing.claimed = true;
        save();
      }
      return unclaimed;
    },
  };
}

const RECORDER_OPTIONS = {
  // A toast is a Radix Toast root (the one element Radix gives `data-swipe-direction`) in the viewport's list.
  // The region's name is translated, so it is not part of the selector.
  selector: '[role="region"] > ol > li[data-swipe-direction]',
  storageKey: '__parleyToastsShown',
};

/**
 * Records the toasts of every page of `context`, from its first script on. The journey fixtures do this for
 * the context of `page`; a journey that opens another context with `browser.newContext()` and checks a toast
 * there calls it before opening the page.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(installRecorder, RECORDER_OPTIONS);
}

/**
 * Waits until a toast with exactly this text (see above for a toast of several lines) has shown on the page,
 * at any time since it opened. Each check accounts for one showing: checking the same text again waits for
 * another toast with it.
 */
export async function expectToastShown(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const recorder = (globalThis as unknown as RecorderGlobals).__toastRecorder;
          return recorder ? recorder.claim(wanted) : null;
        }, text),
      {
        message:
          `a toast '${text}' shown (the toasts not yet checked are listed; null: no recorder on this page, ` +
          'whose context did not come from the journey fixtures or recordToasts)',
      },
    )
    .toContain(text);
}
