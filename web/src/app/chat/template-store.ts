import { create } from 'zustand';
import { useAuthStore } from '../../features/auth/store';
import type { ConversationSetup } from '../../features/chat/logic/build-request';
import { readStored, writeStored } from '../../lib/local-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { parseLastModels, parseStoredSetup } from './conversation-template';

/**
 * The setup chosen in the header for each route id ('new' included) until a message is sent with it. The
 * newest choice is remembered (localStorage `lastConversationSetup`, `lastSelectedModel`, SPEC §3).
 */
interface TemplateState {
  overrides: Record<string, ConversationSetup>;
  stored: Partial<ConversationSetup> | null;
  lastModels: Record<string, string>;
  setSetup: (conversationId: string, setup: ConversationSetup) => void;
}

export const useTemplateStore = create<TemplateState>()((set) => ({
  overrides: {},
  stored: parseStoredSetup(readStored(STORAGE_KEYS.lastConversationSetup)),
  lastModels: parseLastModels(readStored(STORAGE_KEYS.lastSelectedModel)),
  setSetup: (conversationId, setup) =>
    set((state) => {
      const lastModels = setup.model
        ? { ...state.lastModels, [setup.endpoint]: setup.model }
        : state.lastModels;
      writeStored(STORAGE_KEYS.lastConversationSetup, JSON.stringify(setup));
      writeStored(STORAGE_KEYS.lastSelectedModel, JSON.stringify(lastModels));
      return { overrides: { ...state.overrides, [conversationId]: setup }, stored: setup, lastModels };
    }),
}));

// SPEC §4: a sign-in starts without the last conversation setup. Its stored copy is cleared then; the copy in
// memory goes when the session ends, so signing in again (same tab) never lands on the previous choice, such
// as the assistants endpoint with nothing chosen (issue 23).
useAuthStore.subscribe((state, previous) => {
  if (previous.user && !state.user)
    useTemplateStore.setState({ overrides: {}, stored: null, lastModels: {} });
});
