import { Suspense, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { conversationQuery } from '../../lib/conversation-query';
import { messagesQuery } from '../../features/chat/api/messages';
import { selectPath, usePathStore } from '../../features/chat/api/message-path';
import { selectionOf, threadEntries } from '../../features/chat/logic/thread';
import { capturePng, SCREENSHOT_BACKGROUND } from '../../lib/capture-png';
import { lazyChunk, usePrefetchWhenIdle } from '../../lib/lazy-chunk';

/** Which conversation the export dialog is open for (null: closed). */
export const useExportDialog = create<{
  conversationId: string | null;
  setConversationId: (conversationId: string | null) => void;
}>()((set) => ({ conversationId: null, setConversationId: (conversationId) => set({ conversationId }) }));

/** Its own chunk, prefetched once the page is idle (the dialog opens from the user menu). */
const ExportDialog = lazyChunk(() =>
  import('../../features/export/components/export-dialog').then((module) => module.ExportDialog),
);

/** A saved conversation can be exported; 'new' and the search view cannot (SPEC §2 User menu). */
export function isExportable(conversationId: string | undefined): conversationId is string {
  return conversationId !== undefined && conversationId !== 'new' && conversationId !== 'search';
}

/** The export dialog with the conversation and the branch choices on screen (chat feature state). */
export function ExportContainer() {
  const { conversationId, setConversationId } = useExportDialog();
  usePrefetchWhenIdle(ExportDialog);
  if (!conversationId) return null;
  return <ExportFor conversationId={conversationId} onClose={() => setConversationId(null)} />;
}

function ExportFor({ conversationId, onClose }: { conversationId: string; onClose: () => void }) {
  const conversation = useQuery(conversationQuery(conversationId)).data;
  const messages = useQuery(messagesQuery(conversationId)).data;
  const { leafId, siblings } = usePathStore(selectPath(conversationId));
  const selection = useMemo(
    () => selectionOf(threadEntries(messages ?? [], leafId, siblings)),
    [messages, leafId, siblings],
  );
  if (!conversation) return null;
  return (
    <Suspense fallback={null}>
      <ExportDialog
        conversation={conversation}
        selection={selection}
        screenshot={screenshotOfThread}
        onClose={onClose}
      />
    </Suspense>
  );
}

/** The screenshot type captures the thread as it is on screen (the one export made from the DOM). */
function screenshotOfThread(): Promise<Blob> {
  const thread = document.querySelector<HTMLElement>('[role="log"] > *');
  if (!thread) return Promise.reject(new Error('No conversation is on screen'));
  const dark = document.documentElement.classList.contains('dark');
  return capturePng(thread, dark ? SCREENSHOT_BACKGROUND.dark : SCREENSHOT_BACKGROUND.light);
}
