import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ForkOption } from '@parley/shared/schemas/fork';
import { useT } from '../../../lib/use-t';
import { smallIconButton } from '../../../components/ui/chat-styles';
import { Menu, MenuItem } from '../../../components/ui/menu';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { conversationQuery } from '../../../lib/conversation-query';
import { useCopyConversation } from '../api/organise';
import { ForkIcon } from '../../../components/ui/organise-icons';

const OPTIONS: {
  option: ForkOption;
  label: 'com_ui_fork_visible' | 'com_ui_fork_branches' | 'com_ui_fork_target';
}[] = [
  { option: 'directPath', label: 'com_ui_fork_visible' },
  { option: 'includeBranches', label: 'com_ui_fork_branches' },
  { option: 'target', label: 'com_ui_fork_target' },
];

/** "Fork from here" under a saved message: a new conversation with the path to it (LibreChat's options). */
export function ForkMenu({ conversationId, messageId }: { conversationId: string; messageId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const conversation = useQuery(conversationQuery(conversationId)).data;
  const copy = useCopyConversation();
  // A temporary chat is never forked (keep it first); a conversation not saved yet has nothing to copy.
  if (!conversation || conversation.isTemporary) return null;
  const fork = (option: ForkOption) =>
    copy.mutate(
      { conversationId, messageId, option },
      {
        onSuccess: ({ conversation: made }) => {
          showToast({ message: t('com_ui_forked') });
          void navigate(`/c/${made.conversationId}`);
        },
        onError: (error) => showErrorToast(error.message),
      },
    );
  return (
    <Menu
      align="start"
      side="top"
      label={t('com_ui_fork_from_here')}
      trigger={
        <button
          type="button"
          className={smallIconButton}
          aria-label={t('com_ui_fork_from_here')}
          title={t('com_ui_fork_from_here')}
          disabled={copy.isPending}
        >
          <ForkIcon width={16} height={16} />
        </button>
      }
    >
      {OPTIONS.map(({ option, label }) => (
        <MenuItem key={option} onSelect={() => fork(option)}>
          {t(label)}
        </MenuItem>
      ))}
    </Menu>
  );
}
