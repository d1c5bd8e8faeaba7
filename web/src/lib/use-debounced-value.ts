import { useEffect, useState } from 'react';

/** SPEC §9: the message box's placeholder follows the endpoint 80 ms after it settles. */
export const PLACEHOLDER_DEBOUNCE_MS = 80;

/** `value`, once it has stayed the same for `ms` (the first value at once). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
