// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Plugin } from '@parley/shared/schemas/plugin';
import '../../../test/render';
import { PluginStoreDialog, type PluginStoreProps } from './plugin-store-dialog';

const PLUGINS: Plugin[] = [
  { name: 'Calculator', pluginKey: 'calculator', description: 'Does sums.', authenticated: true },
  { name: 'Wolfram', pluginKey: 'wolfram', description: 'Answers maths.', authenticated: true },
];

function open(props: Partial<PluginStoreProps> = {}) {
  const onInstall = vi.fn(() => Promise.resolve());
  const onUninstall = vi.fn(() => Promise.resolve());
  render(
    <PluginStoreDialog
      open
      onOpenChange={vi.fn()}
      plugins={PLUGINS}
      loading={false}
      installed={['wolfram']}
      onInstall={onInstall}
      onUninstall={onUninstall}
      {...props}
    />,
  );
  return { onInstall, onUninstall };
}

describe('PluginStoreDialog', () => {
  it('is the Tools dialog of SPEC §2 for an assistant: Add tools, with Add and Remove', () => {
    const { onInstall, onUninstall } = open({ purpose: 'assistant' });
    const dialog = screen.getByRole('dialog', { name: 'Add tools' });
    expect(within(dialog).queryByText(/Plugin store|Install|Uninstall/)).toBeNull();
    expect(within(dialog).getByRole('list', { name: 'Add tools' })).toBeTruthy();
    expect(within(dialog).getByRole('searchbox', { name: 'Search tools' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Calculator' }));
    expect(onInstall).toHaveBeenCalledWith(PLUGINS[0]);
    const remove = within(dialog).getByRole('button', { name: 'Remove Wolfram' });
    expect(remove.textContent).toBe('Remove');
    fireEvent.click(remove);
    expect(onUninstall).toHaveBeenCalledWith(PLUGINS[1]);
  });

  it('stays the Plugin store with Install and Uninstall elsewhere', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Plugin store' });
    expect(within(dialog).getByRole('button', { name: 'Install Calculator' }).textContent).toBe('Install');
    expect(within(dialog).getByRole('button', { name: 'Uninstall Wolfram' }).textContent).toBe('Uninstall');
  });
});
