/** sessionStorage survives a reload of the same tab but is separate per tab. */
const TAB_ID_KEY = 'parleyFilesTabId';

let tabId: string | null = null;

/** A random id for this browser tab, kept across reloads of the tab (SPEC §3 `filesToDelete` owners). */
export function currentTabId(): string {
  if (tabId !== null) return tabId;
  try {
    const stored = window.sessionStorage.getItem(TAB_ID_KEY);
    if (stored) return (tabId = stored);
  } catch {
    // Storage disabled: the id lasts for this page only.
  }
  tabId = crypto.randomUUID();
  try {
    window.sessionStorage.setItem(TAB_ID_KEY, tabId);
  } catch {
    // As above.
  }
  return tabId;
}
