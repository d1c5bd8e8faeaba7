// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../test/render';
import { AccountTab } from './account-tab';

describe('AccountTab', () => {
  it('says "Full name" once: the section heading names its field (issue 27 trip-over item 7)', () => {
    render(
      <AccountTab
        account={{ name: 'Ada Lovelace', email: 'ada@example.com', hasPassword: true }}
        onUploadAvatar={vi.fn()}
        onRename={vi.fn()}
        onChangePassword={vi.fn()}
        onSignOutOthers={vi.fn()}
        onDeleteAccount={vi.fn()}
      />,
    );
    expect(screen.getAllByText('Full name')).toHaveLength(1);
    const field = screen.getByRole('textbox', { name: 'Full name' });
    expect((field as HTMLInputElement).value).toBe('Ada Lovelace');
  });
});
