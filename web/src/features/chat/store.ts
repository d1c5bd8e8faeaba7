import { create } from 'zustand';

/** UI state of the chat screen: the message being edited (the branch on screen is the path store's). */
interface ChatUiState {
  editingMessageId: string | null;
  setEditing: (messageId: string | null) => void;
}

export const useChatUiStore = create<ChatUiState>()((set) => ({
  editingMessageId: null,
  setEditing: (editingMessageId) => set({ editingMessageId }),
}));
