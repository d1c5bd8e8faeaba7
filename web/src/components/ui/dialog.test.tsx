// @vitest-environment happy-dom
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../test/render';
import { Dialog, focusReturnTarget } from './dialog';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <button type="button">Elsewhere</button>
      <Dialog open={open} onOpenChange={setOpen} title="Settings" closeLabel="Close">
        <input aria-label="Name" />
      </Dialog>
    </>
  );
}

describe('Dialog focus return (issue 16 item 7)', () => {
  it('Escape gives focus back to the button that opened it', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Radix gives focus back on a timer after the dialog is gone.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('the close button does the same', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Radix gives focus back on a timer after the dialog is gone.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

describe('focusReturnTarget', () => {
  it('an item of a menu or popover returns to the button that opened the menu, through submenus', () => {
    document.body.innerHTML = `
      <button id="user" aria-controls="menu-1">Ada</button>
      <div data-radix-popper-content-wrapper><div id="menu-1" role="menu">
        <div id="sub-trigger" role="menuitem" aria-controls="menu-2">More</div>
      </div></div>
      <div data-radix-popper-content-wrapper><div id="menu-2" role="menu">
        <div id="item" role="menuitem">Settings</div>
      </div></div>
      <button id="plain">Plain</button>`;
    expect(focusReturnTarget(document.getElementById('item'))?.id).toBe('user');
    expect(focusReturnTarget(document.getElementById('plain'))?.id).toBe('plain');
    expect(focusReturnTarget(document.body)).toBeNull();
    document.body.innerHTML = '';
  });
});
