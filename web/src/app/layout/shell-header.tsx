import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NewChatIcon, SidebarIcon } from '../../components/ui/icons';
import { iconButton } from '../../components/ui/styles';
import { HeaderSlot } from './header-slot';
import { SIDEBAR_ID } from './sidebar';
import { Tooltip } from '../../components/ui/tooltip';

export const OPEN_SIDEBAR_ID = 'open-sidebar';

interface ShellHeaderProps {
  sidebarOpen: boolean;
  appTitle: string;
  onOpenSidebar: () => void;
}

/** The bar above the chat: sidebar toggle and new chat while the sidebar is closed, then the screen's own controls. */
export function ShellHeader({ sidebarOpen, appTitle, onOpenSidebar }: ShellHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 px-2">
      {!sidebarOpen && (
        <>
          <Tooltip content={t('com_nav_open_sidebar')}>
            <button
              id={OPEN_SIDEBAR_ID}
              type="button"
              className={iconButton}
              aria-label={t('com_nav_open_sidebar')}
              aria-controls={SIDEBAR_ID}
              aria-expanded="false"
              onClick={onOpenSidebar}
            >
              <SidebarIcon />
            </button>
          </Tooltip>
          <Tooltip content={t('com_ui_new_chat')}>
            <Link
              to="/c/new"
              className={`${iconButton} hover:bg-neutral-200/70 hover:text-neutral-900 dark:hover:bg-neutral-700/60 dark:hover:text-white`}
              aria-label={t('com_ui_new_chat')}
            >
              <NewChatIcon />
            </Link>
          </Tooltip>
        </>
      )}
      <span className="sr-only">{appTitle}</span>
      <HeaderSlot />
    </header>
  );
}
