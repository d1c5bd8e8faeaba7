import { useQuery } from '@tanstack/react-query';
import { useMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import { iconButton } from '../../../components/ui/styles';
import { Tooltip } from '../../../components/ui/tooltip';
import { useTagsUi } from '../tags-ui';
import { conversationQuery } from '../../../lib/conversation-query';
import { TagIcon } from '../../../components/ui/organise-icons';

/** The chat header's Tags button for the open conversation (saved and not temporary), with its tag count. */
export function ConversationTagsButton() {
  const { t } = useTranslation();
  const conversationId = useMatch('/c/:conversationId')?.params.conversationId ?? 'new';
  const conversation = useQuery(conversationQuery(conversationId)).data;
  const openFor = useTagsUi((state) => state.openFor);
  if (!conversation || conversation.isTemporary) return null;
  const count = conversation.tags?.length ?? 0;
  const label = count > 0 ? t('com_ui_tags_with_count', { count }) : t('com_ui_tags');
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className={`${iconButton} relative`}
        aria-label={label}
        onClick={() => openFor(conversationId)}
      >
        <TagIcon />
        {count > 0 && (
          <span className="absolute end-1 top-1 rounded-full bg-emerald-600 px-1 text-[10px] font-semibold leading-4 text-white">
            {count}
          </span>
        )}
      </button>
    </Tooltip>
  );
}
