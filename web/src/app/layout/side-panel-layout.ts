/** SPEC §9 Layout: default 97/3; main at least 30; the panel 20 to 40, or 3 when collapsed. */
export const SIDE_PANEL = {
  defaultLayout: [97, 3] as [number, number],
  mainMin: 30,
  panelMin: 20,
  panelMax: 40,
  collapsedSize: 3,
  expandedDefault: 25,
  saveDebounceMs: 350,
} as const;

/** `react-resizable-panels:layout` holds `[main, panel]` percentages; anything unreadable is the default. */
export function parseLayout(stored: string | null): [number, number] {
  try {
    const value: unknown = stored ? JSON.parse(stored) : null;
    if (Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && n >= 0)) {
      const [main, panel] = value as [number, number];
      if (Math.abs(main + panel - 100) < 1) return [main, panel];
    }
  } catch {
    // fall through to the default
  }
  return [...SIDE_PANEL.defaultLayout];
}

/** The panel's size once expanded: within its limits, and leaving the main area its minimum. */
export function expandedSize(panel: number): number {
  const max = Math.min(SIDE_PANEL.panelMax, 100 - SIDE_PANEL.mainMin);
  if (panel < SIDE_PANEL.panelMin) return SIDE_PANEL.expandedDefault;
  return Math.min(max, panel);
}
