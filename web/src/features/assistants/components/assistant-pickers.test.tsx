// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Assistant } from '@parley/shared/schemas/assistant';
import '../../../test/render';
import { AssistantSelect } from './assistant-select';
import { AssistantStandIn } from './assistant-stand-in';

// Issue 23 item 3: assistants are chosen and created from the chat header on every width, and a missing
// assistant is explained in place of the message box.

const assistant = (id: string, name: string, avatar?: string): Assistant => ({
  id,
  object: 'assistant',
  created_at: 1,
  name,
  description: `${name} helps`,
  instructions: null,
  model: 'gpt-4o-mini',
  tools: [],
  file_ids: [],
  metadata: avatar ? { avatar } : {},
});
const orchard = assistant('asst_1', 'Orchard guide', '/avatars/orchard.png');
const harbour = assistant('asst_2', 'Harbour guide');

/** Radix opens its menus on pointerdown (happy-dom has no PointerEvent, so a plain event with its fields). */
function openMenu(name: string) {
  const trigger = screen.getByRole('button', { name });
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
}

describe('AssistantSelect in the chat header', () => {
  it('shows the chosen assistant with its avatar, lists every one, and offers Create and Edit', () => {
    const onCreate = vi.fn();
    const onEdit = vi.fn();
    const onChange = vi.fn();
    render(
      <AssistantSelect
        assistants={[orchard, harbour]}
        value="asst_1"
        onChange={onChange}
        onCreate={onCreate}
        onEdit={onEdit}
        headerTriggerClass="header"
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Assistant: Orchard guide' });
    expect(trigger.querySelector('img')?.getAttribute('src')).toBe('/avatars/orchard.png');
    openMenu('Assistant: Orchard guide');
    expect(screen.getByRole('menuitemradio', { name: /Harbour guide/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit Orchard guide' }));
    expect(onEdit).toHaveBeenCalledWith(orchard);
    openMenu('Assistant: Orchard guide');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Create assistant' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });
});

describe('AssistantStandIn (in place of the message box)', () => {
  it('offers "Create your first assistant" when there is none', () => {
    const onCreate = vi.fn();
    render(<AssistantStandIn assistants={[]} onChoose={vi.fn()} onCreate={onCreate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create your first assistant' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('says so without a button when the builder is off', () => {
    render(<AssistantStandIn assistants={[]} onChoose={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(/the assistant builder is turned off on this server/)).toBeTruthy();
  });

  it('lists the assistants to choose from when none is chosen', () => {
    const onChoose = vi.fn();
    render(<AssistantStandIn assistants={[orchard, harbour]} onChoose={onChoose} onCreate={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Choose an assistant' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Harbour guide' }));
    expect(onChoose).toHaveBeenCalledWith(harbour);
  });
});
