import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { readStored } from '../../../lib/local-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { isUploading, messageFiles, type Attachment, type MessageFile } from '../logic/attachment';
import { dispatch, useAttachmentsStore } from '../store';

export interface FilesEndpoint {
  name: string;
  kind: string;
}

export interface ComposerFiles {
  items: Attachment[];
  loading: boolean;
  ready: MessageFile[];
  /** Picked, dropped or pasted files; ignored when the endpoint takes none. */
  add: (files: File[]) => void;
  remove: (tempId: string) => void;
  sent: (files: readonly MessageFile[]) => void;
}

// The limits, validation and upload code load with the first file, not with the page.
const loadAdd = () => import('../engine/add-files');
const loadRemove = () => import('../engine/remove-files');
const loadAttachments = () => import('../engine/attachments');

/** Whether an earlier visit left temporary files behind (read without loading the engine). */
const hasStoredFiles = () => !['{}', null].includes(readStored(STORAGE_KEYS.filesToDelete));

function sent(files: readonly MessageFile[]): void {
  if (useAttachmentsStore.getState().items.length === 0) return;
  void loadAttachments().then(({ attachmentsSent }) => attachmentsSent(files));
}

/** Once per page load the files left over from an earlier visit are deleted. */
let storedFilesChecked = false;
/** The new conversation whose start was already handled (a remount does not discard again). */
let handledNewConversation: string | null = null;

/**
 * The composer's files for the endpoint in use. `newConversationKey` changes whenever a new conversation
 * starts (null otherwise): the chips go and temporary uploads are deleted (SPEC §4 New conversation).
 */
export function useComposerFiles(input: {
  endpoint: FilesEndpoint | null;
  conversationId: string | null;
  newConversationKey: string | null;
  /** The signed-in user: uploads are remembered as theirs, and another user's are never deleted. */
  userId: string | null;
}): ComposerFiles {
  const queryClient = useQueryClient();
  const items = useAttachmentsStore((state) => state.items);
  const { name, kind } = input.endpoint ?? {};
  const { conversationId, newConversationKey, userId } = input;

  const add = useCallback(
    (files: File[]) => {
      if (name === undefined || kind === undefined || files.length === 0) return;
      void loadAdd().then(({ addFiles }) =>
        addFiles(files, { queryClient, endpoint: { name, kind }, conversationId, userId }),
      );
    },
    [name, kind, conversationId, userId, queryClient],
  );

  const remove = useCallback(
    (tempId: string) => {
      // The chip goes in the click itself, not once the engine loaded: the chips after it move over at once,
      // so a second quick click lands on the chip it aims at, not on one sliding under the pointer.
      const removed = useAttachmentsStore.getState().items.filter((item) => item.tempId === tempId);
      dispatch({ type: 'removed', tempIds: [tempId] });
      void loadRemove().then(({ attachmentsRemoved }) => attachmentsRemoved(queryClient, removed));
    },
    [queryClient],
  );

  useEffect(() => {
    // The leftovers are judged once the user is known (another user's entries are never deleted).
    const firstVisit = !storedFilesChecked && userId !== null;
    if (firstVisit) storedFilesChecked = true;
    const freshConversation = newConversationKey !== null && newConversationKey !== handledNewConversation;
    if (newConversationKey !== null) handledNewConversation = newConversationKey;
    const chips = useAttachmentsStore.getState().items.length > 0;
    // SPEC §4: when a new conversation starts, this tab's temporary uploads are deleted (on the first visit
    // the leftovers below include them).
    if (freshConversation && (chips || (!firstVisit && hasStoredFiles()))) {
      void loadRemove().then(({ discardAttachments }) => discardAttachments(queryClient, userId));
    }
    // SPEC §4: on load, what this tab (before a reload) or long-gone tabs of the user left behind is deleted.
    if (firstVisit && hasStoredFiles()) {
      void loadRemove().then(({ deleteLeftoverFiles }) => deleteLeftoverFiles(queryClient, userId));
    }
  }, [newConversationKey, userId, queryClient]);

  return { items, loading: isUploading(items), ready: messageFiles(items), add, remove, sent };
}
