import { useQuery } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { useMatch, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@parley/shared/api/paths';
import { balanceResponseSchema } from '@parley/shared/schemas/balance';
import type { User } from '@parley/shared/schemas/user';
import { FilesIcon, HelpIcon, SettingsIcon, ShieldIcon, UploadIcon } from '../../components/ui/chat-icons';
import { UserAvatar } from '../../components/ui/endpoint-icon';
import { LogoutIcon } from '../../components/ui/icons';
import { floatingSurface, menuItemClass, MenuSeparator } from '../../components/ui/menu';
import { focusRing } from '../../components/ui/styles';
import { useLogout } from '../../features/auth/api/logout';
import { useStartupConfig } from '../../features/config/api/startup-config';
import { apiGet } from '../../lib/api-client';
import { isExportable, useExportDialog } from './export-container';
import { useMyFilesDialog } from './my-files-container';
import { useSettingsDialog } from './settings-container';

/** SPEC §7: the balance is refetched on focus, reconnect and mount. */
function useBalance(enabled: boolean) {
  return useQuery({
    queryKey: [paths.balance],
    queryFn: ({ signal }) => apiGet(paths.balance, balanceResponseSchema, { signal }),
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    refetchOnMount: true,
  });
}

/** The user menu at the foot of the sidebar (SPEC §2 "User menu"). */
export function NavUserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const config = useStartupConfig().data;
  const openSettings = useSettingsDialog((state) => state.setOpen);
  const navigate = useNavigate();
  const balance = useBalance(config?.checkBalance === true);
  const conversationId = useMatch('/c/:conversationId')?.params.conversationId;
  const openExport = useExportDialog((state) => state.setConversationId);
  const openMyFiles = useMyFilesDialog((state) => state.setOpen);
  const displayName = user.name || user.username || user.email;
  const helpUrl = config?.helpAndFaqURL;
  const showHelp = helpUrl !== undefined && helpUrl !== '/' && /^(https?:\/\/|\/)/i.test(helpUrl);

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={`flex w-full items-center gap-3 rounded-lg p-2 text-start hover:bg-neutral-200/70 data-[state=open]:bg-neutral-200/70 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800 ${focusRing}`}
      >
        <UserAvatar name={displayName} avatar={user.avatar} size={32} />
        <span className="truncate text-sm font-medium">{displayName}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={6}
          className={`${floatingSurface} w-[var(--radix-dropdown-menu-trigger-width)] min-w-56`}
        >
          <DropdownMenu.Label className="truncate px-2.5 py-1.5 text-xs text-neutral-500 dark:text-neutral-400">
            {user.email}
          </DropdownMenu.Label>
          {config?.checkBalance && balance.data && (
            <p className="px-2.5 pb-1.5 text-sm">
              {t('com_nav_balance', { balance: balance.data.balance.toFixed(2) })}
            </p>
          )}
          <MenuSeparator />
          <DropdownMenu.Item
            className={menuItemClass}
            disabled={!isExportable(conversationId)}
            onSelect={() => isExportable(conversationId) && openExport(conversationId)}
          >
            <UploadIcon />
            {t('com_nav_export_conversation')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => openMyFiles(true)}>
            <FilesIcon />
            {t('com_nav_my_files')}
          </DropdownMenu.Item>
          {showHelp && (
            <DropdownMenu.Item asChild className={menuItemClass}>
              <a href={helpUrl} target="_blank" rel="noopener noreferrer">
                <HelpIcon />
                {t('com_nav_help_faq')}
              </a>
            </DropdownMenu.Item>
          )}
          {user.role === 'ADMIN' && (
            <DropdownMenu.Item className={menuItemClass} onSelect={() => void navigate('/admin')}>
              <ShieldIcon />
              {t('com_nav_admin')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={menuItemClass} onSelect={() => openSettings(true)}>
            <SettingsIcon />
            {t('com_nav_settings')}
          </DropdownMenu.Item>
          <MenuSeparator />
          <DropdownMenu.Item
            disabled={logout.isPending}
            onSelect={() => logout.mutate()}
            className={menuItemClass}
          >
            <LogoutIcon width={18} height={18} />
            {t('com_auth_logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
