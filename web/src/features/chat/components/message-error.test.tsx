// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../test/render';
import { MessageError } from './message-error';

const FAILED = JSON.stringify({ type: 'no_system_messages', info: '' });

describe('the latest failed reply (SPEC §8 "Edit your message or Regenerate")', () => {
  it('offers Edit your message and Regenerate beside the error', () => {
    const edit = vi.fn();
    const regenerate = vi.fn();
    render(<MessageError text={FAILED} endpoint="openAI" onRetry={regenerate} onEditMessage={edit} />);
    const group = screen.getByRole('group', { name: 'Edit your message or Regenerate' });
    expect(group.textContent).toBe('Edit your messageRegenerate');
    fireEvent.click(screen.getByRole('button', { name: 'Edit your message' }));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(edit).toHaveBeenCalledTimes(1);
    expect(regenerate).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('an older failed reply keeps only its own actions', () => {
    render(<MessageError text={FAILED} endpoint="openAI" />);
    expect(screen.queryByRole('button', { name: 'Edit your message' })).toBeNull();
  });
});
