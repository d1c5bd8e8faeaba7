import { describe, expect, it } from 'vitest';
import type { Message } from '@parley/shared/schemas/message';
import {
  canSaveAndSubmit,
  canSend,
  cannotAppend,
  enterSends,
  messageActions,
  unfinishedNotice,
  type ActionContext,
} from './message-actions';

const reply = (extra: Partial<Message> = {}): Message => ({
  messageId: 'r1',
  conversationId: 'c1',
  parentMessageId: 'u1',
  sender: 'GPT-4',
  text: 'Hello',
  isCreatedByUser: false,
  error: false,
  unfinished: false,
  isEdited: false,
  finish_reason: 'length',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const context = (extra: Partial<ActionContext> = {}): ActionContext => ({
  kind: 'openAI',
  isLatest: true,
  isSubmitting: false,
  isEditing: false,
  parentIsUser: true,
  ...extra,
});

describe('continue', () => {
  it('is offered on the latest reply that did not finish with stop', () => {
    expect(messageActions(reply(), context()).continue).toBe(true);
  });

  it('is not offered after a normal stop, on older replies, while editing or on bing', () => {
    expect(messageActions(reply({ finish_reason: 'stop' }), context()).continue).toBe(false);
    expect(messageActions(reply({ finish_reason: null }), context()).continue).toBe(false);
    expect(messageActions(reply(), context({ isLatest: false })).continue).toBe(false);
    expect(messageActions(reply(), context({ isEditing: true })).continue).toBe(false);
    expect(messageActions(reply(), context({ kind: 'bingAI' })).continue).toBe(false);
    expect(messageActions(reply({ searchResult: true }), context()).continue).toBe(false);
  });
});

describe('regenerate', () => {
  it('is offered on replies whose parent is a user message', () => {
    expect(messageActions(reply(), context()).regenerate).toBe(true);
    expect(messageActions(reply(), context({ isLatest: false })).regenerate).toBe(true);
  });

  it('is not offered on user messages, while submitting or editing, without a user parent, or on bing', () => {
    expect(messageActions(reply({ isCreatedByUser: true }), context()).regenerate).toBe(false);
    expect(messageActions(reply(), context({ isSubmitting: true })).regenerate).toBe(false);
    expect(messageActions(reply(), context({ isEditing: true })).regenerate).toBe(false);
    expect(messageActions(reply(), context({ parentIsUser: false })).regenerate).toBe(false);
    expect(messageActions(reply(), context({ kind: 'bingAI' })).regenerate).toBe(false);
  });
});

describe('edit', () => {
  it('is offered on user messages and on replies of continue-capable endpoints', () => {
    expect(messageActions(reply({ isCreatedByUser: true }), context({ kind: 'bingAI' })).edit).toBe(true);
    expect(messageActions(reply(), context()).edit).toBe(true);
  });

  it('is hidden while submitting, on errors, search results, assistants and other replies', () => {
    expect(messageActions(reply(), context({ isSubmitting: true })).edit).toBe(false);
    expect(messageActions(reply({ error: true }), context()).edit).toBe(false);
    expect(messageActions(reply({ searchResult: true }), context()).edit).toBe(false);
    expect(messageActions(reply({ isCreatedByUser: true }), context({ kind: 'assistants' })).edit).toBe(
      false,
    );
    expect(messageActions(reply(), context({ kind: 'chatGPTBrowser' })).edit).toBe(false);
  });

  it('Save and submit is off for a Google reply', () => {
    expect(canSaveAndSubmit(reply(), 'google')).toBe(false);
    expect(canSaveAndSubmit(reply({ isCreatedByUser: true }), 'google')).toBe(true);
    expect(canSaveAndSubmit(reply(), 'openAI')).toBe(true);
  });
});

describe('canSend', () => {
  const ready = { text: 'hi', isSubmitting: false, filesLoading: false, blocked: false };

  it('needs text and nothing in the way', () => {
    expect(canSend(ready)).toBe(true);
    expect(canSend({ ...ready, text: '   ' })).toBe(false);
    expect(canSend({ ...ready, isSubmitting: true })).toBe(false);
    expect(canSend({ ...ready, filesLoading: true })).toBe(false);
    expect(canSend({ ...ready, blocked: true })).toBe(false);
  });
});

describe('enterSends', () => {
  it('sends on Enter, not on Shift+Enter, not while composing, not with enter-to-send off', () => {
    const enter = { key: 'Enter', shiftKey: false, isComposing: false };
    expect(enterSends(enter, true)).toBe(true);
    expect(enterSends({ ...enter, shiftKey: true }, true)).toBe(false);
    expect(enterSends({ ...enter, isComposing: true }, true)).toBe(false);
    expect(enterSends(enter, false)).toBe(false);
    expect(enterSends({ ...enter, key: 'a' }, true)).toBe(false);
  });
});

describe('cannotAppend (SPEC §8: "Edit your message or Regenerate")', () => {
  it('holds after a failed or cut-off reply', () => {
    expect(cannotAppend(reply({ error: true }), false)).toBe(true);
    expect(cannotAppend(reply({ unfinished: true }), false)).toBe(true);
  });

  it('not after a complete or stopped reply, a user message, an empty thread, or while a reply streams', () => {
    expect(cannotAppend(reply(), false)).toBe(false);
    expect(cannotAppend(reply({ finish_reason: 'incomplete' }), false)).toBe(false);
    expect(cannotAppend(reply({ isCreatedByUser: true, error: true }), false)).toBe(false);
    expect(cannotAppend(undefined, false)).toBe(false);
    expect(cannotAppend(reply({ unfinished: true }), true)).toBe(false);
  });
});

describe('unfinishedNotice', () => {
  it('says an assistants run took too long instead of the generic incomplete notice', () => {
    expect(unfinishedNotice(reply({ unfinished: true, finish_reason: 'expired' }))).toBe(
      'com_ui_run_expired',
    );
    expect(unfinishedNotice(reply({ unfinished: true, finish_reason: 'incomplete' }))).toBe(
      'com_ui_unfinished',
    );
    expect(unfinishedNotice(reply({ unfinished: false, finish_reason: 'incomplete' }))).toBeNull();
  });

  it('says the provider stopped answering, and offers Continue and Regenerate, for a reply it cut off', () => {
    const stopped = reply({ unfinished: true, finish_reason: 'provider_stopped' });
    expect(unfinishedNotice(stopped)).toBe('com_ui_provider_stopped');
    const actions = messageActions(stopped, context({ kind: 'openAI' }));
    expect(actions).toMatchObject({ continue: true, regenerate: true });
  });

  it('still offers Continue on a reply cut off at the time limit', () => {
    const expired = reply({ unfinished: true, finish_reason: 'expired' });
    expect(messageActions(expired, context({ kind: 'assistants' })).continue).toBe(true);
  });
});
