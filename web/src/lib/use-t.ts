import { useSyncExternalStore } from 'react';
import i18n, { type TFunction } from 'i18next';

/** One `t` per language, shared by every component that asks. */
const fixed = new Map<string, TFunction>();
const listeners = new Set<() => void>();
let listening = false;

/** One i18next listener for all of them: rows mount and unmount by the dozen while a list scrolls. */
function subscribe(onChange: () => void): () => void {
  if (!listening) {
    listening = true;
    i18n.on('languageChanged', () => listeners.forEach((listener) => listener()));
  }
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

const language = () => i18n.language;

/**
 * The app's `t` for components mounted by the hundred (message rows): react-i18next's `useTranslation` copies
 * the whole i18next instance on each mount (its wrapper), which a profile of scrolling back through a long
 * conversation put at a tenth of the main thread's script time. This one reads the shared `t` of the current
 * language and re-renders when the language changes.
 */
export function useT(): TFunction {
  const lng = useSyncExternalStore(subscribe, language);
  let t = fixed.get(lng);
  if (!t) {
    t = i18n.getFixedT(lng);
    fixed.set(lng, t);
  }
  return t;
}
