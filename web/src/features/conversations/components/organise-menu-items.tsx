import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/shared/schemas/conversation';
import { MenuItem } from '../../../components/ui/menu';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { useTagsUi } from '../tags-ui';
import { useCopyConversation, useOrganiseConversation } from '../api/organise';
import { ArchiveIcon, DuplicateIcon, PinIcon, TagIcon } from '../../../components/ui/organise-icons';

const onError = (error: Error) => showErrorToast(error.message);

/** The row menu's Pin/Unpin, Archive, Tags and Duplicate (API.md "Sharing and organising"). */
export function OrganiseMenuItems({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const organise = useOrganiseConversation();
  const copy = useCopyConversation();
  const openTags = useTagsUi((state) => state.openFor);
  const { conversationId } = conversation;
  return (
    <>
      <MenuItem
        onSelect={() => organise.mutate({ conversationId, pinned: !conversation.pinned }, { onError })}
      >
        <PinIcon width={16} height={16} />
        {conversation.pinned ? t('com_ui_unpin') : t('com_ui_pin')}
      </MenuItem>
      <MenuItem onSelect={() => openTags(conversationId)}>
        <TagIcon width={16} height={16} />
        {t('com_ui_tags')}
      </MenuItem>
      <MenuItem
        onSelect={() =>
          copy.mutate(
            { conversationId },
            {
              onSuccess: ({ conversation: made }) => {
                showToast({ message: t('com_ui_duplicated') });
                void navigate(`/c/${made.conversationId}`);
              },
              onError,
            },
          )
        }
      >
        <DuplicateIcon width={16} height={16} />
        {t('com_ui_duplicate')}
      </MenuItem>
      <MenuItem
        onSelect={() =>
          organise.mutate(
            { conversationId, isArchived: true },
            { onSuccess: () => showToast({ message: t('com_ui_archived_toast') }), onError },
          )
        }
      >
        <ArchiveIcon width={16} height={16} />
        {t('com_ui_archive')}
      </MenuItem>
    </>
  );
}
