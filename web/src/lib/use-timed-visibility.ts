import { useCallback, useEffect, useRef, useState } from 'react';

/** A flag that, once shown, hides itself after `durationMs` (SPEC §9: the forgot-password banner and the plugin error, 5 s). */
export function useTimedVisibility(durationMs: number): [visible: boolean, show: () => void] {
  const [visible, setVisible] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const show = useCallback(() => {
    window.clearTimeout(timer.current);
    setVisible(true);
    timer.current = window.setTimeout(() => setVisible(false), durationMs);
  }, [durationMs]);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [visible, show];
}
