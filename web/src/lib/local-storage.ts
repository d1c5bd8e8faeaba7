/**
 * localStorage that never throws: storage can be disabled, full, or blocked by privacy settings, and a
 * preference that cannot be saved must not break the page.
 */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not persisted; the in-memory state still applies for this visit.
  }
}
