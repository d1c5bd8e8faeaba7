import { create } from 'zustand';
import { usePreferences } from '../../lib/preferences';
import { useMediaQuery } from '../../lib/use-media-query';
import { useSidePanel } from '../layout/side-panel-store';
import { SMALL_SCREEN } from './side-panel';

/** What the builder is asked to show: `''` a new assistant, else an assistant's id. */
export interface BuilderRequest {
  target: string;
  /** Counts the requests, so asking for the same one again still opens it. */
  seq: number;
}

interface BuilderOpenerState {
  /** The builder as a full-screen sheet (a phone, or the side panel hidden). */
  sheetOpen: boolean;
  request: BuilderRequest | null;
  ask: (target: string, inSheet: boolean) => void;
  setSheetOpen: (open: boolean) => void;
}

export const useBuilderOpener = create<BuilderOpenerState>()((set) => ({
  sheetOpen: false,
  request: null,
  ask: (target, inSheet) =>
    set((state) => ({
      request: { target, seq: (state.request?.seq ?? 0) + 1 },
      sheetOpen: inSheet || state.sheetOpen,
    })),
  setSheetOpen: (sheetOpen) => set({ sheetOpen }),
}));

/**
 * Opens the assistant builder on `target` (issue 23: reachable on every width): in the side panel where it is
 * shown (expanded if collapsed or folded away), else as a full-screen sheet.
 */
export function useOpenBuilder(sidePanelAllowed: boolean): (target: string) => void {
  const small = useMediaQuery(SMALL_SCREEN);
  const hidden = usePreferences((state) => state.hideSidePanel);
  const inSheet = small || hidden || !sidePanelAllowed;
  return (target) => {
    if (!inSheet) {
      const panel = useSidePanel.getState();
      if (panel.fullCollapse) panel.setFullCollapse(false);
      if (panel.collapsed) panel.setCollapsed(false);
    }
    useBuilderOpener.getState().ask(target, inSheet);
  };
}
