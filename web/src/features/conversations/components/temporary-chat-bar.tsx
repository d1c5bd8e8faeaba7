import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../../components/ui/chat-styles';
import { SwitchRow } from '../../../components/ui/switch';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { conversationQuery } from '../../../lib/conversation-query';
import { conversationSaved } from '../api/conversations';
import { useOrganiseConversation } from '../api/organise';
import { useTemporaryChat } from '../temporary-chat';
import { ClockIcon } from '../../../components/ui/organise-icons';

/**
 * Above the messages: on a new chat, the "Temporary chat" switch; in a temporary chat, the banner that says
 * it is not kept, with "Keep this chat", which makes it a normal conversation.
 */
export function TemporaryChatBar({ conversationId }: { conversationId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { enabled, setEnabled } = useTemporaryChat();
  const conversation = useQuery(conversationQuery(conversationId)).data;
  const keep = useOrganiseConversation();
  if (conversationId === 'new') {
    return (
      <div className="mx-auto w-full max-w-3xl px-4">
        <SwitchRow
          label={t('com_ui_temporary_chat')}
          description={t('com_ui_temporary_chat_info')}
          checked={enabled}
          onCheckedChange={setEnabled}
        />
      </div>
    );
  }
  if (!conversation?.isTemporary) return null;
  const expires = conversation.expiredAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(conversation.expiredAt),
      )
    : '';
  return (
    <div
      role="status"
      className="mx-auto mt-2 flex w-[calc(100%-2rem)] max-w-3xl flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <ClockIcon className="shrink-0" />
      <p className="min-w-0 flex-1">{t('com_ui_temporary_chat_banner', { date: expires })}</p>
      <button
        type="button"
        className={secondaryButton}
        disabled={keep.isPending}
        onClick={() =>
          keep.mutate(
            { conversationId, isTemporary: false },
            {
              onSuccess: (kept) => {
                conversationSaved(queryClient, kept);
                showToast({ message: t('com_ui_chat_kept') });
              },
              onError: (error) => showErrorToast(error.message),
            },
          )
        }
      >
        {t('com_ui_keep_chat')}
      </button>
    </div>
  );
}
