// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import type { Message } from '@parley/shared/schemas/message';
import { describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { MessageItem, type MessageHandlers } from './message-item';

const reply = (extra: Partial<Message> = {}): Message => ({
  messageId: 'r1',
  conversationId: 'c1',
  parentMessageId: 'u1',
  sender: 'GPT-4o',
  text: 'The first half of an answer',
  isCreatedByUser: false,
  error: false,
  unfinished: true,
  isEdited: false,
  finish_reason: 'provider_stopped',
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...extra,
});

const handlers = (): MessageHandlers => ({
  selectSibling: vi.fn(),
  edit: vi.fn(),
  save: vi.fn(),
  saveAndSubmit: vi.fn(),
  regenerate: vi.fn(),
  continue: vi.fn(),
});

function show(message: Message, given: MessageHandlers, isLatest = true, deferMarkdown = false) {
  renderWithClient(
    <MessageItem
      message={message}
      user={{ name: 'Ada', avatar: null }}
      showUsername={false}
      kind="openAI"
      iconURL={null}
      siblingIndex={0}
      siblingTotal={1}
      parentIsUser
      isLatest={isLatest}
      streaming={false}
      submitting={false}
      editing={false}
      latex={false}
      deferMarkdown={deferMarkdown}
      handlers={given}
    />,
  );
}

describe('a reply its provider stopped answering (issue 27 trip-over item 1)', () => {
  it('says what happened, keeps the text, and offers Continue and Retry', async () => {
    const given = handlers();
    show(reply(), given);
    expect(await screen.findByText('The first half of an answer')).toBeTruthy();
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(
      'The provider stopped answering before this reply was finished; the text so far is kept.',
    );
    expect(notice.textContent).not.toContain('cancelled or censored');
    fireEvent.click(screen.getAllByRole('button', { name: 'Continue' })[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(given.continue).toHaveBeenCalledTimes(1);
    expect(given.regenerate).toHaveBeenCalledTimes(1);
  });

  it('an older such reply offers Retry only (Continue is for the latest reply)', () => {
    show(reply(), handlers(), false);
    const notice = screen.getByRole('status');
    expect(notice.querySelectorAll('button')).toHaveLength(1);
    expect(notice.textContent).toContain('Retry');
  });

  it('a reply cut off for a reason the server does not know keeps SPEC’s notice, without buttons', () => {
    show(reply({ finish_reason: 'incomplete' }), handlers());
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('cancelled or censored');
    expect(notice.querySelectorAll('button')).toHaveLength(0);
  });
});

describe('a row mounted while scrolling', () => {
  it('shows its text at once and its footer actions once they are rendered', async () => {
    show(reply({ unfinished: false, finish_reason: 'stop' }), handlers(), false, true);
    expect(screen.getByText('The first half of an answer')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Copy to clipboard' })).toBeTruthy();
  });
});
