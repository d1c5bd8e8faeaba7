import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/shared/schemas/conversation';
import { dangerButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { focusRing } from '../../../components/ui/styles';
import { displayTitle } from '../../../lib/display-title';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { useTwoClickConfirm } from '../../../lib/use-two-click-confirm';
import { CONVERSATIONS_PATH, useDeleteConversation } from '../api/conversations';
import { archiveAllConversations, useArchivedList, useOrganiseConversation } from '../api/organise';
import { readAgain } from '../../../lib/update-cached-list';

const rowClass =
  'flex items-center justify-between gap-4 border-b border-neutral-100 py-3 dark:border-neutral-700/60';
const onError = (error: Error) => showErrorToast(error.message);

function ArchivedRow({ conversation, onOpen }: { conversation: Conversation; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const organise = useOrganiseConversation();
  const remove = useDeleteConversation();
  const queryClient = useQueryClient();
  const deleteButton = useRef<HTMLButtonElement>(null);
  const confirm = useTwoClickConfirm(deleteButton, () =>
    remove.mutate(
      { conversationId: conversation.conversationId },
      { onSuccess: () => void readAgain(queryClient, { queryKey: [CONVERSATIONS_PATH] }), onError },
    ),
  );
  const title = displayTitle(conversation.title, t);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(conversation.updatedAt),
  );
  return (
    <li className="flex flex-col gap-2 border-b border-neutral-100 py-2.5 sm:flex-row sm:items-center dark:border-neutral-700/60">
      <div className="min-w-0 flex-1">
        <Link
          to={`/c/${conversation.conversationId}`}
          onClick={onOpen}
          className={`block truncate rounded-sm text-sm font-medium hover:underline ${focusRing}`}
          dir="auto"
        >
          {title}
        </Link>
        <span className="text-xs text-neutral-500 dark:text-neutral-400">{date}</span>
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          className={secondaryButton}
          aria-label={t('com_ui_unarchive_title', { title })}
          disabled={organise.isPending}
          onClick={() =>
            organise.mutate({ conversationId: conversation.conversationId, isArchived: false }, { onError })
          }
        >
          {t('com_ui_unarchive')}
        </button>
        <button
          ref={deleteButton}
          type="button"
          className={confirm.armed ? dangerButton : secondaryButton}
          aria-label={confirm.armed ? undefined : t('com_ui_delete_title', { title })}
          onClick={confirm.onClick}
        >
          {confirm.armed ? t('com_ui_confirm_delete') : t('com_ui_delete')}
        </button>
      </div>
    </li>
  );
}

/** The archived conversations, newest first, each with Unarchive and Delete; more load on demand. */
function ArchivedChatsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const list = useArchivedList(true);
  const conversations = list.data?.pages.flatMap((page) => page.conversations) ?? [];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_nav_archived_chats')}
      closeLabel={t('com_ui_close')}
      width="max-w-xl"
    >
      {list.isSuccess && conversations.length === 0 && (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('com_ui_no_archived')}</p>
      )}
      <ul aria-label={t('com_nav_archived_chats')}>
        {conversations.map((conversation) => (
          <ArchivedRow key={conversation.conversationId} conversation={conversation} onOpen={onClose} />
        ))}
      </ul>
      {list.hasNextPage && (
        <button
          type="button"
          className={`${secondaryButton} mt-3`}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('com_ui_load_more')}
        </button>
      )}
    </Dialog>
  );
}

/** Settings → Data controls: "Archived chats" (Manage) and "Archive all chats" (two-click confirm). */
export function ArchivedChatsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const archiveButton = useRef<HTMLButtonElement>(null);
  const confirm = useTwoClickConfirm(archiveButton, () => {
    setBusy(true);
    archiveAllConversations(queryClient)
      .then((count) => showToast({ message: t('com_ui_archived_count', { count }) }))
      .catch(onError)
      .finally(() => setBusy(false));
  });
  return (
    <div>
      <div className={rowClass}>
        <span className="text-sm">{t('com_nav_archived_chats')}</span>
        <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
          {t('com_ui_manage')}
        </button>
      </div>
      <div className={rowClass}>
        <span className="text-sm">{t('com_nav_archive_all_chats')}</span>
        <button
          ref={archiveButton}
          type="button"
          className={confirm.armed ? dangerButton : secondaryButton}
          disabled={busy}
          onClick={confirm.onClick}
        >
          {confirm.armed ? t('com_ui_confirm_archive_all') : t('com_ui_archive_all')}
        </button>
      </div>
      {open && <ArchivedChatsDialog onClose={() => setOpen(false)} />}
    </div>
  );
}
