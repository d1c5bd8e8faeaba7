import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import type { ComposerAttachments } from '../../features/chat/components/chat-input';
import { useAuthStore } from '../../features/auth/store';
import { useComposerFiles, type FilesEndpoint } from '../../features/files/hooks/use-composer-files';

/**
 * The button, drop target and chips come in one chunk after the page: the button waits for the file limits
 * anyway, and chips exist only once a file was picked.
 */
const ComposerFilesPart = lazy(() =>
  import('../../features/files/components/composer-files-part').then((module) => ({
    default: module.ComposerFilesPart,
  })),
);

/** The files feature's part of the chat composer: button, chips, paste and drop (SPEC §2, §4 File upload). */
export function useComposerAttachments(input: {
  endpoint: FilesEndpoint | null;
  conversationId: string;
  locationKey: string;
  blocked: boolean;
}): { attachments: ComposerAttachments; dropTarget: ReactNode } {
  const isNew = input.conversationId === 'new';
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const { items, loading, ready, add, remove, sent } = useComposerFiles({
    endpoint: input.endpoint,
    conversationId: isNew ? null : input.conversationId,
    newConversationKey: isNew ? input.locationKey : null,
    userId,
  });
  const { endpoint, blocked } = input;

  const attachments = useMemo<ComposerAttachments>(
    () => ({
      button: (
        <Suspense fallback={null}>
          <ComposerFilesPart part="button" endpoint={endpoint} disabled={blocked} onFiles={add} />
        </Suspense>
      ),
      chips:
        items.length > 0 ? (
          <Suspense fallback={null}>
            <ComposerFilesPart part="chips" items={items} onRemove={remove} />
          </Suspense>
        ) : null,
      loading,
      ready,
      add: blocked ? undefined : add,
      onSent: () => sent(ready),
    }),
    [endpoint, blocked, items, loading, ready, add, remove, sent],
  );
  const dropTarget = (
    <Suspense fallback={null}>
      <ComposerFilesPart part="drop" endpoint={endpoint} disabled={blocked} onFiles={add} />
    </Suspense>
  );
  return { attachments, dropTarget };
}
