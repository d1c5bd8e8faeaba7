// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/render';
import { Tooltip, TOOLTIP_DELAY_MS } from './tooltip';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function renderPin() {
  render(
    <Tooltip content="Default preset">
      <button type="button" aria-label="Use Draft as default">
        pin
      </button>
    </Tooltip>,
  );
  return screen.getByRole('button', { name: 'Use Draft as default' });
}

describe('Tooltip (SPEC §9: 250 ms)', () => {
  it('is SPEC’s delay', () => expect(TOOLTIP_DELAY_MS).toBe(250));

  it('shows 250 ms after the pointer rests on its control, described by it', () => {
    const button = renderPin();
    fireEvent.pointerMove(button, { pointerType: 'mouse' });
    act(() => void vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 10));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => void vi.advanceTimersByTime(10));
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe('Default preset');
    expect(button.getAttribute('aria-describedby')).toBe(tooltip.id);
    // The control keeps its own name.
    expect(screen.getByRole('button', { name: 'Use Draft as default' })).toBe(button);
  });

  it('Escape hides it', () => {
    const button = renderPin();
    fireEvent.pointerMove(button, { pointerType: 'mouse' });
    act(() => void vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    act(() => void vi.advanceTimersByTime(500));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
