import { useEffect, useRef, useState } from 'react';

/** SPEC §9: copy feedback lasts 3 s. */
export const COPIED_FEEDBACK_MS = 3000;

/** Copies text to the clipboard; the flag is true for 3 s afterwards (for a "Copied!" label). */
export function useCopy(): [boolean, (text: string) => void] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = (text: string) => {
    void navigator.clipboard
      .writeText(text)
      .then(() => {
        setCopied(true);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
      })
      .catch((error: unknown) => console.warn('Copy failed', error));
  };
  return [copied, copy];
}
