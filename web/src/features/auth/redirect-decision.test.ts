import { describe, expect, it } from 'vitest';
import { AUTH_REDIRECT_DELAY_MS, decideRedirect } from './redirect-decision';

describe('decideRedirect', () => {
  it('sends a visitor on a signed-in route to /login after 300 ms', () => {
    expect(AUTH_REDIRECT_DELAY_MS).toBe(300);
    expect(decideRedirect({ access: 'signed-in', isAuthenticated: false, sessionChecked: true })).toEqual({
      to: '/login',
      delayMs: 300,
    });
  });

  it('waits while the start-up refresh is still answering', () => {
    expect(decideRedirect({ access: 'signed-in', isAuthenticated: false, sessionChecked: false })).toBeNull();
  });

  it('lets a signed-in user through', () => {
    expect(decideRedirect({ access: 'signed-in', isAuthenticated: true, sessionChecked: true })).toBeNull();
  });

  it('sends a signed-in user away from /login to /c/new at once', () => {
    expect(decideRedirect({ access: 'guest', isAuthenticated: true, sessionChecked: true })).toEqual({
      to: '/c/new',
      delayMs: 0,
    });
    expect(decideRedirect({ access: 'guest', isAuthenticated: false, sessionChecked: false })).toBeNull();
  });

  it('sends /register to /login only when the config says registration is disabled', () => {
    const base = { access: 'register', isAuthenticated: false, sessionChecked: true } as const;
    expect(decideRedirect({ ...base, registrationEnabled: false })).toEqual({ to: '/login', delayMs: 0 });
    expect(decideRedirect({ ...base, registrationEnabled: true })).toBeNull();
    expect(decideRedirect(base)).toBeNull();
  });

  it('never redirects from a public page', () => {
    expect(decideRedirect({ access: 'public', isAuthenticated: false, sessionChecked: true })).toBeNull();
    expect(decideRedirect({ access: 'public', isAuthenticated: true, sessionChecked: true })).toBeNull();
  });
});
