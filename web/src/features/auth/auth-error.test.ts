import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_DEBOUNCE_MS, clearAuthError, reportAuthError } from './auth-error';
import { useAuthStore } from './store';

const authError = () => useAuthStore.getState().authError;

beforeEach(() => {
  vi.useFakeTimers();
  clearAuthError();
});
afterEach(() => vi.useRealTimers());

describe('auth error (SPEC §4, §9: debounced 400 ms)', () => {
  it('is SPEC’s 400 ms', () => expect(AUTH_ERROR_DEBOUNCE_MS).toBe(400));

  it('is set 400 ms after a 401, not before', () => {
    reportAuthError();
    vi.advanceTimersByTime(399);
    expect(authError()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(authError()).toBe(true);
  });

  it('waits for a burst of 401s to end: 400 ms after the last one', () => {
    reportAuthError();
    vi.advanceTimersByTime(300);
    reportAuthError();
    vi.advanceTimersByTime(300);
    expect(authError()).toBe(false);
    vi.advanceTimersByTime(100);
    expect(authError()).toBe(true);
  });

  it('a new session forgets it, and a pending one never lands after a clear', () => {
    reportAuthError();
    vi.advanceTimersByTime(400);
    useAuthStore.getState().setSession({
      token: 't',
      user: { id: 'u', email: 'a@b.c', name: 'A', username: 'a', role: 'USER', provider: 'local' },
    } as never);
    expect(authError()).toBe(false);
    reportAuthError();
    clearAuthError();
    vi.advanceTimersByTime(1000);
    expect(authError()).toBe(false);
  });
});
