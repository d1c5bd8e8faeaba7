import { describe, expect, it } from 'vitest';
import { expandedSize, parseLayout, SIDE_PANEL } from './side-panel-layout';

describe('parseLayout', () => {
  it('reads a stored [main, panel] layout and falls back to 97/3', () => {
    expect(parseLayout('[75,25]')).toEqual([75, 25]);
    expect(parseLayout(null)).toEqual([97, 3]);
    expect(parseLayout('[50,20]')).toEqual([97, 3]);
    expect(parseLayout('nope')).toEqual([97, 3]);
  });
});

describe('expandedSize', () => {
  it('opens a collapsed panel at a usable width and keeps the limits', () => {
    expect(expandedSize(SIDE_PANEL.collapsedSize)).toBe(SIDE_PANEL.expandedDefault);
    expect(expandedSize(30)).toBe(30);
    expect(expandedSize(60)).toBe(SIDE_PANEL.panelMax);
  });
});
