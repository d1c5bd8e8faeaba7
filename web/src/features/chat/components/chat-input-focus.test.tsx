// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../test/render';
import { ChatInput } from './chat-input';

/** The chat input beside a side-panel button, as on the chat screen; `blocked` until the endpoints load. */
function renderScreen(blocked: boolean, resetKey = 'new') {
  const ui = (isBlocked: boolean, key: string) => (
    <div>
      <a href="/c/new">New chat</a>
      <button type="button">notes.txt</button>
      <ChatInput
        resetKey={key}
        placeholder="Message OpenAI…"
        submitting={false}
        stopping={false}
        blocked={isBlocked}
        enterToSend
        onSend={() => true}
        onStop={() => {}}
      />
    </div>
  );
  const view = render(ui(blocked, resetKey));
  return { rerender: (isBlocked: boolean, key = resetKey) => view.rerender(ui(isBlocked, key)) };
}

const box = () => screen.getByRole('textbox', { name: 'Message' });
const fileButton = () => screen.getByRole('button', { name: 'notes.txt' });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the message box takes the focus once usable', () => {
  it('when nothing else has it', async () => {
    renderScreen(false);
    await wait(200);
    expect(document.activeElement).toBe(box());
  });

  it('from the link that opened the new chat, which still holds it', async () => {
    const { rerender } = renderScreen(false, 'c1');
    const link = screen.getByRole('link', { name: 'New chat' });
    fireEvent.pointerDown(link);
    link.focus();
    rerender(false, 'new');
    await wait(200);
    expect(document.activeElement).toBe(box());
  });

  it('from a button the app gave it back to meanwhile (a menu that closed)', async () => {
    const { rerender } = renderScreen(true);
    rerender(false);
    fileButton().focus();
    await wait(200);
    expect(document.activeElement).toBe(box());
  });

  it('but not from where the person moved it meanwhile (a Tab through the side panel)', async () => {
    const { rerender } = renderScreen(true);
    await wait(200);
    rerender(false);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    fileButton().focus();
    await wait(200);
    expect(document.activeElement).toBe(fileButton());
  });

  it('nor from a search box the person is typing in', async () => {
    render(<input aria-label="Filter files…" />);
    const { rerender } = renderScreen(true);
    rerender(false);
    screen.getByRole('textbox', { name: 'Filter files…' }).focus();
    await wait(200);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Filter files…' }));
  });
});
