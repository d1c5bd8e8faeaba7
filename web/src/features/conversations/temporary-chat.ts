import { create } from 'zustand';

/**
 * The "Temporary chat" switch of a new chat: while on, the next new conversation is sent with
 * `isTemporary: true` (API.md "Sharing and organising"). It stays on for later new chats until switched off.
 */
export const useTemporaryChat = create<{ enabled: boolean; setEnabled: (enabled: boolean) => void }>()(
  (set) => ({ enabled: false, setEnabled: (enabled) => set({ enabled }) }),
);
