// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { clearAuthError } from '../auth-error';
import { useAuthStore } from '../store';
import { LoginScreen } from './login-screen';

afterEach(() => clearAuthError());

describe('LoginScreen after an auth error (SPEC §4)', () => {
  it('says the session ended once a query’s 401 set the auth error, and not before', () => {
    renderWithClient(
      <MemoryRouter>
        <LoginScreen config={undefined} configPending={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
    act(() => useAuthStore.getState().setAuthError(true));
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeTruthy();
  });
});
