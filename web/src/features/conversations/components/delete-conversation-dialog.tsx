import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/shared/schemas/conversation';
import { Dialog } from '../../../components/ui/dialog';
import { dangerButton, secondaryButton } from '../../../components/ui/chat-styles';
import { showErrorToast } from '../../../lib/toast-store';
import { useDeleteConversation } from '../api/conversations';
import { displayTitle } from '../../../lib/display-title';

interface DeleteConversationDialogProps {
  conversation: Conversation | null;
  onClose: () => void;
  onDeleted: (conversationId: string) => void;
}

/** SPEC §2: deleting a conversation asks first. */
export function DeleteConversationDialog({
  conversation,
  onClose,
  onDeleted,
}: DeleteConversationDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteConversation();

  const confirm = () => {
    if (!conversation) return;
    remove.mutate(
      { conversationId: conversation.conversationId, threadId: conversation.thread_id },
      {
        onSuccess: () => {
          onClose();
          onDeleted(conversation.conversationId);
        },
        onError: () => showErrorToast(t('com_ui_delete_failed')),
      },
    );
  };

  return (
    <Dialog
      open={conversation !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('com_ui_delete_conversation_title')}
      closeLabel={t('com_ui_close')}
      width="max-w-md"
      footer={
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('com_ui_cancel')}
          </button>
          <button type="button" className={dangerButton} onClick={confirm} disabled={remove.isPending}>
            {t('com_ui_delete')}
          </button>
        </>
      }
    >
      <p className="text-sm">
        {t('com_ui_delete_conversation_confirm', { title: displayTitle(conversation?.title, t) })}
      </p>
    </Dialog>
  );
}
