import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScrollHelpers, SCROLL_INSTANT_MS, SCROLL_SMOOTH_MS, throttle } from './scroll-helpers';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('throttle', () => {
  it('runs at once, folds calls within the window into one trailing run', () => {
    const run = vi.fn();
    const throttled = throttle(run, 100);
    throttled();
    expect(run).toHaveBeenCalledTimes(1);
    throttled();
    throttled();
    vi.advanceTimersByTime(99);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('cancel drops the trailing run', () => {
    const run = vi.fn();
    const throttled = throttle(run, 100);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(200);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('scroll helpers (SPEC §9: 250 ms instant, 750 ms smooth)', () => {
  it('are SPEC’s values', () => {
    expect(SCROLL_INSTANT_MS).toBe(250);
    expect(SCROLL_SMOOTH_MS).toBe(750);
  });

  it('instant scrolls at most once per 250 ms while a reply streams', () => {
    const scroll = vi.fn();
    const { instant } = createScrollHelpers(scroll);
    // A token every 10 ms for one second.
    for (let ms = 0; ms < 1000; ms += 10) {
      instant();
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(SCROLL_INSTANT_MS);
    expect(scroll.mock.calls.every(([behavior]) => behavior === 'auto')).toBe(true);
    expect(scroll.mock.calls.length).toBeGreaterThanOrEqual(4);
    expect(scroll.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it('smooth glides once per 750 ms however often the button is pressed', () => {
    const scroll = vi.fn();
    const { smooth, cancel } = createScrollHelpers(scroll);
    smooth();
    smooth();
    smooth();
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenCalledWith('smooth');
    vi.advanceTimersByTime(749);
    expect(scroll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(scroll).toHaveBeenCalledTimes(2);
    smooth();
    cancel();
    vi.advanceTimersByTime(1000);
    expect(scroll).toHaveBeenCalledTimes(2);
  });
});
