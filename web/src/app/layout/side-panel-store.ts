import { create } from 'zustand';
import { readStored, writeStored } from '../../lib/local-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { parseLayout, SIDE_PANEL } from './side-panel-layout';

interface SidePanelState {
  size: number;
  collapsed: boolean;
  /**
   * SPEC §3 `fullPanelCollapse`: the panel's Hide button folds it away completely (not even the icon strip);
   * one "Show side panel" button brings it back as it was (strip or open). Remembered across visits.
   */
  fullCollapse: boolean;
  setSize: (size: number) => void;
  setCollapsed: (collapsed: boolean) => void;
  setFullCollapse: (fullCollapse: boolean) => void;
}

let saveTimer: number | undefined;
let pendingLayout: string | null = null;

function saveLayout(): void {
  window.clearTimeout(saveTimer);
  if (pendingLayout !== null) writeStored(STORAGE_KEYS.sidePanelLayout, pendingLayout);
  pendingLayout = null;
}

// A resize just before leaving the page is still remembered.
window.addEventListener('pagehide', saveLayout);

export const useSidePanel = create<SidePanelState>()((set) => {
  const [, panel] = parseLayout(readStored(STORAGE_KEYS.sidePanelLayout));
  const storedCollapsed = readStored(STORAGE_KEYS.sidePanelCollapsed);
  return {
    size: panel,
    collapsed: storedCollapsed === null ? panel <= SIDE_PANEL.collapsedSize : storedCollapsed === 'true',
    fullCollapse: readStored(STORAGE_KEYS.fullPanelCollapse) === 'true',
    setSize: (size) => {
      set({ size });
      pendingLayout = JSON.stringify([100 - size, size]);
      window.clearTimeout(saveTimer);
      saveTimer = window.setTimeout(saveLayout, SIDE_PANEL.saveDebounceMs);
    },
    setCollapsed: (collapsed) => {
      writeStored(STORAGE_KEYS.sidePanelCollapsed, JSON.stringify(collapsed));
      set({ collapsed });
    },
    setFullCollapse: (fullCollapse) => {
      writeStored(STORAGE_KEYS.fullPanelCollapse, JSON.stringify(fullCollapse));
      set({ fullCollapse });
    },
  };
});
