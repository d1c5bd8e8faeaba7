// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ModelSpec } from '@parley/shared/schemas/startup-config';
import '../../../test/render';
import { ModelSpecMenu } from './model-spec-menu';

const spec = (name: string, extra: Partial<ModelSpec> = {}): ModelSpec => ({
  name,
  label: `Spec ${name}`,
  preset: { endpoint: 'openAI' },
  ...extra,
});

const list = [
  spec('override', { authType: 'override_auth' }),
  spec('user', { authType: 'user_provided' }),
  spec('system', { authType: 'SYSTEM_DEFINED' }),
  spec('plain'),
];

function openMenu() {
  render(
    <ModelSpecMenu specs={{ enforce: false, prioritize: true, list }} value={null} onSelect={vi.fn()} />,
  );
  const trigger = screen.getByRole('button', { name: /model spec/i });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

/** The text of the menu item whose label is `label`. */
async function itemText(label: string): Promise<string> {
  const menu = await openMenu();
  const item = within(menu)
    .getAllByRole('menuitemradio')
    .find((entry) => entry.textContent?.includes(label));
  return item?.textContent ?? '';
}

describe('ModelSpecMenu authType label (issue 16, SPEC §3 authType)', () => {
  it('says a spec with override_auth has its key provided', async () => {
    expect(await itemText('Spec override')).toContain('Key provided');
  });

  it('says a user_provided spec uses the user’s own key', async () => {
    expect(await itemText('Spec user')).toContain('Uses your API key');
  });

  it('says a SYSTEM_DEFINED spec is built in', async () => {
    expect(await itemText('Spec system')).toContain('Built-in');
  });

  it('shows no auth label for a spec without authType', async () => {
    const text = await itemText('Spec plain');
    for (const label of ['Key provided', 'Uses your API key', 'Built-in']) expect(text).not.toContain(label);
  });
});
