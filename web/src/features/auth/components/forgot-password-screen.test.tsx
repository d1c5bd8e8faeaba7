// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { ForgotPasswordScreen } from './forgot-password-screen';

afterEach(() => vi.unstubAllGlobals());

/** The server's answer to `POST /api/auth/requestPasswordReset`. */
function answer(status: number, body: object, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json', ...headers },
        }),
      ),
    ),
  );
}

async function requestReset(): Promise<void> {
  renderWithClient(
    <MemoryRouter>
      <ForgotPasswordScreen config={undefined} configPending={false} />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('alert');
}

describe('ForgotPasswordScreen failures (issue 27)', () => {
  it('says how long to wait when the server refuses too many requests', async () => {
    answer(
      429,
      { message: 'Too many password reset requests, please try again after 60 minutes.', code: 'rate_limit' },
      { 'Retry-After': '1500' },
    );
    await requestReset();
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many password reset requests. Please try again in 25 min.',
    );
  });

  it('asks to try again in a moment when the server fails, without a word about the account', async () => {
    answer(500, { message: 'Something went wrong on our side.' });
    await requestReset();
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toBe('Your request could not be completed. Please try again in a few moments.');
    expect(text).not.toMatch(/user|account/i);
  });

  it('shows the same confirmation whatever the account, once the request went through', async () => {
    answer(200, {
      message: 'If an account with that email exists, we have sent it a link to reset the password.',
    });
    renderWithClient(
      <MemoryRouter>
        <ForgotPasswordScreen config={undefined} configPending={false} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/If an account exists for ada@example.com/)).toBeTruthy();
  });
});
