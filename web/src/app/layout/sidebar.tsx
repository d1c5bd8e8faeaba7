import { Link, useMatch, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NewChatIcon, SidebarIcon } from '../../components/ui/icons';
import { focusRing, iconButton } from '../../components/ui/styles';
import type { User } from '@parley/shared/schemas/user';
import { ConversationList } from '../../features/conversations/components/conversation-list';
import { SidebarTagFilter } from './tags-container';
import { SidebarSearch } from '../../features/search/components/sidebar-search';
import { useExportDialog } from './export-container';
import { NavUserMenu } from './nav-user-menu';
import { useShareDialog, useSharesEnabled } from './share-container';
import { Tooltip } from '../../components/ui/tooltip';
import { displayTitle } from '../../lib/display-title';

export const SIDEBAR_ID = 'sidebar';
export const CLOSE_SIDEBAR_ID = 'close-sidebar';

interface SidebarProps {
  overlay: boolean;
  user: User | null;
  onClose: () => void;
}

/** The left sidebar: new chat, the conversation list and the user menu. */
export function Sidebar({ overlay, user, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openExport = useExportDialog((state) => state.setConversationId);
  const openShare = useShareDialog((state) => state.open);
  const sharesEnabled = useSharesEnabled();
  const activeConversationId = useMatch('/c/:conversationId')?.params.conversationId;
  const position = overlay ? 'fixed inset-y-0 start-0 z-40 w-[320px] shadow-xl' : 'w-[260px] shrink-0';

  return (
    <nav
      id={SIDEBAR_ID}
      aria-label={t('com_nav_chat_history')}
      className={`${position} flex h-full flex-col bg-neutral-50 dark:bg-neutral-900`}
      onKeyDown={(event) => {
        if (overlay && event.key === 'Escape') onClose();
      }}
    >
      <div className="flex h-14 shrink-0 items-center px-2">
        <Tooltip content={t('com_nav_close_sidebar')}>
          <button
            id={CLOSE_SIDEBAR_ID}
            type="button"
            className={iconButton}
            aria-label={t('com_nav_close_sidebar')}
            aria-controls={SIDEBAR_ID}
            aria-expanded="true"
            onClick={onClose}
          >
            <SidebarIcon />
          </button>
        </Tooltip>
      </div>
      <div className="px-2">
        <Link
          to="/c/new"
          className={`flex h-10 items-center gap-3 rounded-lg px-2 text-sm font-medium hover:bg-neutral-200/70 dark:hover:bg-neutral-800 ${focusRing}`}
        >
          <NewChatIcon />
          {t('com_ui_new_chat')}
        </Link>
      </div>
      <SidebarSearch
        signedIn={user !== null}
        userName={user?.name || user?.username || null}
        onOpen={(conversationId, messageId) =>
          void navigate(messageId ? `/c/${conversationId}?message=${messageId}` : `/c/${conversationId}`)
        }
      >
        <ConversationList
          activeConversationId={activeConversationId}
          onDeleted={(conversationId) => {
            if (conversationId === activeConversationId) void navigate('/c/new');
          }}
          onExport={(conversation) => openExport(conversation.conversationId)}
          onShare={
            sharesEnabled
              ? ({ conversationId, title }) => openShare({ conversationId, title: displayTitle(title, t) })
              : undefined
          }
          tagFilter={<SidebarTagFilter />}
        />
      </SidebarSearch>
      {user && (
        <div className="border-t border-neutral-200 p-2 dark:border-neutral-800">
          <NavUserMenu user={user} />
        </div>
      )}
    </nav>
  );
}
