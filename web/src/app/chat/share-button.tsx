import { useQuery } from '@tanstack/react-query';
import { useMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShareIcon } from '../../components/ui/organise-icons';
import { iconButton } from '../../components/ui/styles';
import { Tooltip } from '../../components/ui/tooltip';
import { conversationQuery } from '../../lib/conversation-query';
import { displayTitle } from '../../lib/display-title';
import { useShareDialog, useSharesEnabled } from '../layout/share-container';

/**
 * The chat header's Share button: the same dialog as the row menu's Share, for the open conversation. Not on a
 * new chat, nor a temporary one (temporary chats are never shared), nor when the server offers no share links.
 */
export function ShareButton() {
  const { t } = useTranslation();
  const conversationId = useMatch('/c/:conversationId')?.params.conversationId ?? 'new';
  const enabled = useSharesEnabled();
  const open = useShareDialog((state) => state.open);
  const conversation = useQuery(conversationQuery(conversationId)).data;
  if (!enabled || !conversation || conversation.isTemporary) return null;
  return (
    <Tooltip content={t('com_ui_share')}>
      <button
        type="button"
        className={iconButton}
        aria-label={t('com_ui_share')}
        onClick={() => open({ conversationId, title: displayTitle(conversation.title, t) })}
      >
        <ShareIcon />
      </button>
    </Tooltip>
  );
}
