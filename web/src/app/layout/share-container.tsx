import { Suspense } from 'react';
import { create } from 'zustand';
import { useStartupConfig } from '../../features/config/api/startup-config';
import { lazyChunk, usePrefetchWhenIdle } from '../../lib/lazy-chunk';

interface ShareTarget {
  conversationId: string;
  title: string;
}

/** Which conversation the share dialog is open for (null: closed). */
export const useShareDialog = create<{
  target: ShareTarget | null;
  open: (target: ShareTarget | null) => void;
}>()((set) => ({ target: null, open: (target) => set({ target }) }));

/** Its own chunk, prefetched once the page is idle (the dialog opens from the row menu). */
const ShareDialog = lazyChunk(() =>
  import('../../features/shares/components/share-dialog').then((module) => module.ShareDialog),
);

/** Whether this server offers share links (`ALLOW_SHARED_LINKS`); older servers did not say: on. */
export function useSharesEnabled(): boolean {
  return useStartupConfig().data?.sharedLinksEnabled !== false;
}

/**
 * The share dialog. The link is copied up to the conversation's current leaf, which the server keeps as the
 * pager moves (API.md "Long conversations"), so what is shared is the path on screen.
 */
export function ShareContainer() {
  const { target, open } = useShareDialog();
  const publicAllowed = useStartupConfig().data?.publicSharedLinksEnabled === true;
  usePrefetchWhenIdle(ShareDialog);
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialog
        conversationId={target.conversationId}
        title={target.title}
        publicAllowed={publicAllowed}
        onClose={() => open(null)}
      />
    </Suspense>
  );
}
