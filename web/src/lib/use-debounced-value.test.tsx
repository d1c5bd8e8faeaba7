// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLACEHOLDER_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value';

afterEach(() => vi.useRealTimers());

describe('useDebouncedValue (SPEC §9 placeholder 80 ms, tokenizer 250 ms)', () => {
  it('gives the first value at once and a new one only after it stays put for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(
      ({ value }) => useDebouncedValue(value, PLACEHOLDER_DEBOUNCE_MS),
      {
        initialProps: { value: 'Message OpenAI…' },
      },
    );
    expect(PLACEHOLDER_DEBOUNCE_MS).toBe(80);
    expect(result.current).toBe('Message OpenAI…');
    rerender({ value: 'Message Bing…' });
    act(() => vi.advanceTimersByTime(50));
    rerender({ value: 'Message Google…' });
    act(() => vi.advanceTimersByTime(79));
    expect(result.current).toBe('Message OpenAI…');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('Message Google…');
  });
});
