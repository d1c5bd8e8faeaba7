import { create } from 'zustand';

/**
 * The tag dialogs and the sidebar's tag filter: which conversation's tags are being chosen (null: closed),
 * whether "Manage tags" is open, and the tag the sidebar shows (null: every conversation).
 */
export const useTagsUi = create<{
  conversationId: string | null;
  manageOpen: boolean;
  filter: string | null;
  openFor: (conversationId: string | null) => void;
  setManageOpen: (open: boolean) => void;
  setFilter: (tag: string | null) => void;
}>()((set) => ({
  conversationId: null,
  manageOpen: false,
  filter: null,
  openFor: (conversationId) => set({ conversationId }),
  setManageOpen: (manageOpen) => set({ manageOpen }),
  setFilter: (filter) => set({ filter }),
}));
