import { useTranslation } from 'react-i18next';
import type { User } from '@parley/shared/schemas/user';
import { LogoutIcon } from '../../../components/ui/icons';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../../../components/ui/menu';
import { focusRing } from '../../../components/ui/styles';
import { useLogout } from '../api/logout';

/** The signed-in user at the bottom of the sidebar, opening a menu with Log out (SPEC §2 "User menu"). */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const displayName = user.name || user.username || user.email;

  return (
    <Menu
      side="top"
      contentClassName="w-[var(--radix-dropdown-menu-trigger-width)]"
      trigger={
        <button
          type="button"
          className={`flex w-full items-center gap-3 rounded-lg p-2 text-start hover:bg-neutral-200/70 data-[state=open]:bg-neutral-200/70 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800 ${focusRing}`}
        >
          <Avatar user={user} />
          <span className="truncate text-sm font-medium">{displayName}</span>
        </button>
      }
    >
      <MenuLabel>
        <span className="block truncate">{user.email}</span>
      </MenuLabel>
      <MenuSeparator />
      <MenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
        <LogoutIcon width={18} height={18} />
        {t('com_auth_logout')}
      </MenuItem>
    </Menu>
  );
}

function Avatar({ user }: { user: User }) {
  if (user.avatar) {
    return <img src={user.avatar} alt="" className="size-8 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-sm font-medium text-white"
    >
      {(user.name || user.email).charAt(0).toUpperCase()}
    </span>
  );
}
