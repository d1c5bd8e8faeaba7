import { create } from 'zustand';
import type { SiblingChoice } from './logic/siblings';

/** UI state of the chat screen: sibling choices per conversation and the message being edited. */
interface ChatUiState {
  choices: Record<string, Record<string, SiblingChoice>>;
  editingMessageId: string | null;
  choose: (conversationId: string, parentId: string, choice: SiblingChoice) => void;
  setEditing: (messageId: string | null) => void;
}

export const useChatUiStore = create<ChatUiState>()((set) => ({
  choices: {},
  editingMessageId: null,
  choose: (conversationId, parentId, choice) =>
    set((state) => ({
      choices: {
        ...state.choices,
        [conversationId]: { ...state.choices[conversationId], [parentId]: choice },
      },
    })),
  setEditing: (editingMessageId) => set({ editingMessageId }),
}));

const NO_CHOICES: Record<string, SiblingChoice> = {};

export function selectChoices(conversationId: string) {
  return (state: ChatUiState) => state.choices[conversationId] ?? NO_CHOICES;
}
