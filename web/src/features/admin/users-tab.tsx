import { useState, type FormEvent } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { AdminUser, AdminUserSort } from '@parley/shared/schemas/admin';
import type { User } from '@parley/shared/schemas/user';
import { primaryCompactButton, secondaryButton, smallIconButton } from '../../components/ui/chat-styles';
import { DotsIcon } from '../../components/ui/chat-icons';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { floatingSurface, menuItemClass, MenuSeparator } from '../../components/ui/menu';
import { showErrorToast, showToast } from '../../lib/toast-store';
import type { LocaleKey } from '../../lib/locale-key';
import {
  useAdminUsers,
  useChangeBalance,
  useCreateUser,
  useDeleteUser,
  useResetTwoFactor,
  useRevokeSessions,
  useUpdateUser,
} from './admin-api';
import { adminErrorText } from './admin-errors';
import { ConfirmDialog } from './confirm-dialog';
import { selectClass, tableCell, tableHead, tableWrap } from './table-styles';

type ConfirmKind = 'disable' | 'enable' | 'promote' | 'demote' | 'revoke' | 'reset2fa' | 'delete';

type Pending = { kind: ConfirmKind; user: AdminUser } | { kind: 'balance'; user: AdminUser } | null;

const SORT_KEYS: Record<AdminUserSort, LocaleKey> = {
  createdAt: 'com_admin_col_created',
  email: 'com_admin_col_email',
  name: 'com_admin_col_name',
};

const CONFIRM: Record<ConfirmKind, { title: LocaleKey; body: LocaleKey; action: LocaleKey }> = {
  disable: { title: 'com_admin_disable_title', body: 'com_admin_disable_body', action: 'com_admin_disable' },
  enable: { title: 'com_admin_enable_title', body: 'com_admin_enable_body', action: 'com_admin_enable' },
  promote: { title: 'com_admin_promote_title', body: 'com_admin_promote_body', action: 'com_admin_promote' },
  demote: { title: 'com_admin_demote_title', body: 'com_admin_demote_body', action: 'com_admin_demote' },
  revoke: { title: 'com_admin_revoke_title', body: 'com_admin_revoke_body', action: 'com_admin_revoke' },
  reset2fa: {
    title: 'com_admin_reset_2fa_title',
    body: 'com_admin_reset_2fa_body',
    action: 'com_admin_reset_2fa',
  },
  delete: { title: 'com_admin_delete_title', body: 'com_admin_delete_body', action: 'com_ui_delete' },
};

/** The Users tab: search, filters, sortable columns, pages by cursor, and each account's actions. */
export function UsersTab({ me }: { me: User }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<'' | 'USER' | 'ADMIN'>('');
  const [status, setStatus] = useState<'' | 'active' | 'disabled'>('');
  const [sort, setSort] = useState<AdminUserSort>('createdAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const users = useAdminUsers({
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(role ? { role } : {}),
    ...(status ? { status } : {}),
    sort,
    order,
  });
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const revoke = useRevokeSessions();
  const resetTwoFactor = useResetTwoFactor();
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const numbers = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });

  const sortBy = (column: AdminUserSort) => {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder(column === 'createdAt' ? 'desc' : 'asc');
    }
  };
  const fail = (error: unknown) => showErrorToast(adminErrorText(error, t));
  const confirm = async () => {
    if (!pending || pending.kind === 'balance') return;
    const { kind, user } = pending;
    try {
      if (kind === 'delete') await remove.mutateAsync(user.id);
      else if (kind === 'revoke') await revoke.mutateAsync(user.id);
      else if (kind === 'reset2fa') await resetTwoFactor.mutateAsync(user.id);
      else {
        const patch =
          kind === 'disable' || kind === 'enable'
            ? { disabled: kind === 'disable' }
            : { role: kind === 'promote' ? ('ADMIN' as const) : ('USER' as const) };
        await update.mutateAsync({ id: user.id, patch });
      }
      showToast({ message: t('com_admin_done') });
    } catch (error) {
      fail(error);
    } finally {
      setPending(null);
    }
  };
  const header = (column: AdminUserSort) => (
    <button
      type="button"
      className="inline-flex items-center gap-1 font-medium hover:text-neutral-900 dark:hover:text-white"
      onClick={() => sortBy(column)}
    >
      {t(SORT_KEYS[column])}
      {sort === column && <span aria-hidden="true">{order === 'asc' ? '↑' : '↓'}</span>}
    </button>
  );
  const ariaSort = (column: AdminUserSort) =>
    sort === column ? (order === 'asc' ? 'ascending' : 'descending') : undefined;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1 text-xs text-neutral-600 dark:text-neutral-400">
          {t('com_admin_search')}
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('com_admin_search_placeholder')}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-neutral-600 dark:text-neutral-400">
          {t('com_admin_col_role')}
          <select
            className={selectClass}
            value={role}
            onChange={(e) => setRole(e.target.value as typeof role)}
          >
            <option value="">{t('com_admin_all')}</option>
            <option value="ADMIN">{t('com_admin_role_admin')}</option>
            <option value="USER">{t('com_admin_role_user')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-neutral-600 dark:text-neutral-400">
          {t('com_admin_col_status')}
          <select
            className={selectClass}
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            <option value="">{t('com_admin_all')}</option>
            <option value="active">{t('com_admin_status_active')}</option>
            <option value="disabled">{t('com_admin_status_disabled')}</option>
          </select>
        </label>
        <button type="button" className={primaryCompactButton} onClick={() => setCreating(true)}>
          {t('com_admin_create_user')}
        </button>
      </div>

      <div className={tableWrap}>
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={tableHead} aria-sort={ariaSort('name')}>
                {header('name')} / {header('email')}
              </th>
              <th className={tableHead}>{t('com_admin_col_role')}</th>
              <th className={`${tableHead} hidden sm:table-cell`}>{t('com_admin_col_balance')}</th>
              <th className={`${tableHead} hidden md:table-cell`}>{t('com_admin_col_spent')}</th>
              <th className={`${tableHead} hidden lg:table-cell`} aria-sort={ariaSort('createdAt')}>
                {header('createdAt')}
              </th>
              <th className={`${tableHead} hidden lg:table-cell`}>{t('com_admin_col_last_login')}</th>
              <th className={tableHead}>
                <span className="sr-only">{t('com_admin_col_actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((user) => (
              <tr
                key={user.id}
                data-testid="admin-user-row"
                className="border-t border-neutral-200 dark:border-neutral-700"
              >
                <td className={`${tableCell} max-w-[12rem] sm:max-w-xs`}>
                  <div className="truncate font-medium">{user.name || user.email}</div>
                  <div className="truncate text-xs text-neutral-500 dark:text-neutral-400">{user.email}</div>
                </td>
                <td className={tableCell}>
                  <div>{user.role === 'ADMIN' ? t('com_admin_role_admin') : t('com_admin_role_user')}</div>
                  {user.disabled && (
                    <span className="mt-0.5 inline-block rounded-full bg-red-100 px-2 text-xs text-red-800 dark:bg-red-900/50 dark:text-red-200">
                      {t('com_admin_status_disabled')}
                    </span>
                  )}
                </td>
                <td className={`${tableCell} hidden tabular-nums sm:table-cell`}>
                  {numbers.format(user.balance)}
                </td>
                <td className={`${tableCell} hidden tabular-nums md:table-cell`}>
                  {numbers.format(user.spentThisMonth)}
                </td>
                <td className={`${tableCell} hidden lg:table-cell`}>
                  {dates.format(new Date(user.createdAt))}
                </td>
                <td className={`${tableCell} hidden lg:table-cell`}>
                  {user.lastLoginAt ? dates.format(new Date(user.lastLoginAt)) : '—'}
                </td>
                <td className={`${tableCell} text-end`}>
                  <UserActions user={user} isMe={user.id === me.id} onPick={setPending} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {users.isPending && <p className="p-3 text-sm text-neutral-500">{t('com_ui_loading')}</p>}
        {!users.isPending && rows.length === 0 && (
          <p className="p-3 text-sm text-neutral-500">{t('com_admin_no_users')}</p>
        )}
      </div>
      {users.hasNextPage && (
        <button
          type="button"
          className={`${secondaryButton} self-center`}
          disabled={users.isFetchingNextPage}
          onClick={() => void users.fetchNextPage()}
        >
          {t('com_admin_load_more')}
        </button>
      )}

      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      {pending && pending.kind === 'balance' && (
        <BalanceDialog user={pending.user} onClose={() => setPending(null)} />
      )}
      {pending && pending.kind !== 'balance' && (
        <ConfirmDialog
          open
          title={t(CONFIRM[pending.kind].title)}
          body={t(CONFIRM[pending.kind].body, { email: pending.user.email })}
          confirmLabel={t(CONFIRM[pending.kind].action)}
          busy={update.isPending || remove.isPending || revoke.isPending || resetTwoFactor.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </div>
  );
}

/**
 * An account's menu: credits, sign out everywhere, reset two-factor sign-in (when on), role, disable/enable and
 * delete (those three not on yourself).
 */
function UserActions({
  user,
  isMe,
  onPick,
}: {
  user: AdminUser;
  isMe: boolean;
  onPick: (pending: Pending) => void;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={smallIconButton}
        aria-label={t('com_admin_actions_for', { email: user.email })}
      >
        <DotsIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={`${floatingSurface} min-w-52`}>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => onPick({ kind: 'balance', user })}>
            {t('com_admin_balance')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => onPick({ kind: 'revoke', user })}>
            {t('com_admin_revoke')}
          </DropdownMenu.Item>
          {user.twoFactorEnabled && (
            <DropdownMenu.Item className={menuItemClass} onSelect={() => onPick({ kind: 'reset2fa', user })}>
              {t('com_admin_reset_2fa')}
            </DropdownMenu.Item>
          )}
          {!isMe && (
            <>
              <DropdownMenu.Item
                className={menuItemClass}
                onSelect={() => onPick({ kind: user.role === 'ADMIN' ? 'demote' : 'promote', user })}
              >
                {user.role === 'ADMIN' ? t('com_admin_demote') : t('com_admin_promote')}
              </DropdownMenu.Item>
              <DropdownMenu.Item
                className={menuItemClass}
                onSelect={() => onPick({ kind: user.disabled ? 'enable' : 'disable', user })}
              >
                {user.disabled ? t('com_admin_enable') : t('com_admin_disable')}
              </DropdownMenu.Item>
              <MenuSeparator />
              <DropdownMenu.Item
                className={`${menuItemClass} text-red-700 dark:text-red-400`}
                onSelect={() => onPick({ kind: 'delete', user })}
              >
                {t('com_ui_delete')}
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [admin, setAdmin] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      await create.mutateAsync({ email, name, password, role: admin ? 'ADMIN' : 'USER' });
      showToast({ message: t('com_admin_user_created', { email: email.trim().toLowerCase() }) });
      setEmail('');
      setName('');
      setPassword('');
      setAdmin(false);
      onClose();
    } catch (caught) {
      setError(adminErrorText(caught, t));
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('com_admin_create_user')}
      closeLabel={t('com_ui_close')}
    >
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <label className="flex flex-col gap-1 text-sm">
          {t('com_admin_col_email')}
          <Input
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('com_admin_col_name')}
          <Input
            required
            minLength={3}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('com_admin_password')}
          <Input
            type="password"
            required
            minLength={8}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={admin} onChange={(e) => setAdmin(e.target.checked)} />
          {t('com_admin_make_admin')}
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('com_ui_cancel')}
          </button>
          <button type="submit" className={primaryCompactButton} disabled={create.isPending}>
            {t('com_ui_create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function BalanceDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeBalance();
  const [op, setOp] = useState<'add' | 'set'>('add');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const value = Number(amount);
    if (amount.trim() === '' || !Number.isFinite(value) || value < 0) {
      setError(t('com_admin_amount_invalid'));
      return;
    }
    try {
      const { balance } = await change.mutateAsync({ id: user.id, operation: { op, amount: value } });
      showToast({ message: t('com_admin_balance_now', { email: user.email, balance }) });
      onClose();
    } catch (caught) {
      setError(adminErrorText(caught, t));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('com_admin_balance')}
      closeLabel={t('com_ui_close')}
    >
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {t('com_admin_balance_current', { email: user.email, balance: user.balance })}
        </p>
        <label className="flex flex-col gap-1 text-sm">
          {t('com_admin_balance_op')}
          <select className={selectClass} value={op} onChange={(e) => setOp(e.target.value as 'add' | 'set')}>
            <option value="add">{t('com_admin_balance_add')}</option>
            <option value="set">{t('com_admin_balance_set')}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t('com_admin_amount')}
          <Input inputMode="decimal" required value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('com_ui_cancel')}
          </button>
          <button type="submit" className={primaryCompactButton} disabled={change.isPending}>
            {t('com_ui_save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
