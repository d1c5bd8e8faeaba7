import { create } from 'zustand';

/** The reply being generated in this tab (one at a time, as SPEC §4 "Message submission" has it). */
export interface ActiveStream {
  /** Where its messages are cached: 'new' until `created` names the conversation. */
  conversationKey: string;
  conversationId: string | null;
  responseMessageId: string;
  /** Set once Stop was pressed: the button shows progress and cannot be pressed twice. */
  stopping: boolean;
}

interface StreamStoreState {
  active: ActiveStream | null;
}

export const useStreamStore = create<StreamStoreState>()(() => ({ active: null }));

/** Whether the conversation shown under `conversationKey` (a route id) has a reply running. */
export function selectIsSubmitting(conversationKey: string) {
  return (state: StreamStoreState): boolean => state.active?.conversationKey === conversationKey;
}
