// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/render';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useSidePanel } from '../layout/side-panel-store';
import { SidePanel } from './side-panel';

const panel = () => screen.queryByRole('complementary', { name: 'Side panel' });

function renderPanel() {
  return render(
    <div>
      <SidePanel container={() => null}>
        <p>Panel content</p>
      </SidePanel>
    </div>,
  );
}

beforeEach(() => {
  localStorage.clear();
  act(() => useSidePanel.setState({ collapsed: false, fullCollapse: false, size: 25 }));
});

describe('SidePanel full collapse (SPEC §3 fullPanelCollapse)', () => {
  it('Hide folds the open panel away completely and remembers it; Show brings it back open', () => {
    renderPanel();
    expect(panel()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Hide panel' }));
    expect(panel()).toBeNull();
    expect(screen.queryByText('Panel content')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.fullPanelCollapse)).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show side panel' }));
    expect(panel()).not.toBeNull();
    expect(screen.getByText('Panel content')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.fullPanelCollapse)).toBe('false');
  });

  it('differs from collapsing: the icon strip stays, and Show returns to the strip', () => {
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Collapse side panel' }));
    expect(panel()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Open side panel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide panel' }));
    expect(panel()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open side panel' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show side panel' }));
    expect(screen.getByRole('button', { name: 'Open side panel' })).toBeTruthy();
  });

  it('does not touch the “hide side panel” preference of Settings', () => {
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Hide panel' }));
    expect(localStorage.getItem(STORAGE_KEYS.hideSidePanel)).toBeNull();
  });
});

describe('side panel store', () => {
  it('reads fullPanelCollapse from storage when the page loads', async () => {
    localStorage.setItem(STORAGE_KEYS.fullPanelCollapse, 'true');
    vi.resetModules();
    const fresh = await import('../layout/side-panel-store');
    expect(fresh.useSidePanel.getState().fullCollapse).toBe(true);
    localStorage.setItem(STORAGE_KEYS.fullPanelCollapse, 'false');
    vi.resetModules();
    expect((await import('../layout/side-panel-store')).useSidePanel.getState().fullCollapse).toBe(false);
  });
});
