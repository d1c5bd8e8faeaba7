import { useEffect, useState, type RefObject } from 'react';

/**
 * SPEC §2 Data tab: the first click arms, the second runs, a click anywhere else disarms. `button` is the
 * button's ref (clicks on it do not disarm). Returns the armed flag and the click handler.
 */
export function useTwoClickConfirm(button: RefObject<HTMLButtonElement | null>, action: () => void) {
  const [armed, setArmed] = useState(false);

  useEffect(() => {
    if (!armed) return;
    const disarm = (event: PointerEvent) => {
      if (!button.current?.contains(event.target as Node)) setArmed(false);
    };
    document.addEventListener('pointerdown', disarm, true);
    return () => document.removeEventListener('pointerdown', disarm, true);
  }, [armed, button]);

  const onClick = () => {
    if (!armed) {
      setArmed(true);
      return;
    }
    setArmed(false);
    action();
  };
  return { armed, onClick };
}
