import { createContext, useContext, type ReactNode } from 'react';
import type { Message } from '@parley/shared/schemas/message';

/** Extra actions in a message's footer (fork); app/ provides the conversations feature's menu. */
export type RenderMessageActions = (message: Message) => ReactNode;

export const MessageActionsSlot = createContext<RenderMessageActions | null>(null);

/** A message's extra actions, drawn by the provided renderer; nothing without a renderer. */
export function MessageActionsOutlet({ message }: { message: Message }) {
  const render = useContext(MessageActionsSlot);
  return render ? render(message) : null;
}
