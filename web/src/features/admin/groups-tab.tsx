import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminGroup } from '@parley/shared/schemas/admin';
import { primaryCompactButton, secondaryButton } from '../../components/ui/chat-styles';
import { Input } from '../../components/ui/input';
import { showErrorToast, showToast } from '../../lib/toast-store';
import { useAdminGroups, useAdminUsers, useChangeMembers, useCreateGroup, useDeleteGroup } from './admin-api';
import { adminErrorText } from './admin-errors';
import { ConfirmDialog } from './confirm-dialog';
import { tableCell, tableHead, tableWrap } from './table-styles';

/** The Groups tab: groups with their member counts; one group's members, added by email and removed. */
export function GroupsTab() {
  const { t } = useTranslation();
  const groups = useAdminGroups();
  const create = useCreateGroup();
  const remove = useDeleteGroup();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminGroup | null>(null);
  const list = groups.data?.groups ?? [];
  const current = list.find((group) => group.id === selected) ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const group = await create.mutateAsync({ name, description });
      setName('');
      setDescription('');
      setSelected(group.id);
    } catch (error) {
      showErrorToast(adminErrorText(error, t));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void submit(event)}>
        <label className="flex min-w-0 flex-1 basis-40 flex-col gap-1 text-xs text-neutral-600 dark:text-neutral-400">
          {t('com_admin_group_name')}
          <Input required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="flex min-w-0 flex-[2] basis-48 flex-col gap-1 text-xs text-neutral-600 dark:text-neutral-400">
          {t('com_admin_group_description')}
          <Input maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <button type="submit" className={primaryCompactButton} disabled={create.isPending}>
          {t('com_admin_create_group')}
        </button>
      </form>

      <div className={tableWrap}>
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={tableHead}>{t('com_admin_group_name')}</th>
              <th className={`${tableHead} hidden sm:table-cell`}>{t('com_admin_group_description')}</th>
              <th className={tableHead}>{t('com_admin_group_members')}</th>
              <th className={tableHead}>
                <span className="sr-only">{t('com_admin_col_actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((group) => (
              <tr key={group.id} className="border-t border-neutral-200 dark:border-neutral-700">
                <td className={`${tableCell} font-medium`}>{group.name}</td>
                <td className={`${tableCell} hidden text-neutral-600 sm:table-cell dark:text-neutral-400`}>
                  {group.description}
                </td>
                <td className={`${tableCell} tabular-nums`}>{group.memberCount}</td>
                <td className={`${tableCell} text-end whitespace-nowrap`}>
                  <button
                    type="button"
                    className={secondaryButton}
                    aria-pressed={selected === group.id}
                    onClick={() => setSelected(selected === group.id ? null : group.id)}
                  >
                    {t('com_admin_group_manage')}
                  </button>{' '}
                  <button type="button" className={secondaryButton} onClick={() => setDeleting(group)}>
                    {t('com_ui_delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!groups.isPending && list.length === 0 && (
          <p className="p-3 text-sm text-neutral-500">{t('com_admin_no_groups')}</p>
        )}
      </div>

      {current && <GroupMembers group={current} />}
      {deleting && (
        <ConfirmDialog
          open
          title={t('com_admin_group_delete_title')}
          body={t('com_admin_group_delete_body', { name: deleting.name })}
          confirmLabel={t('com_ui_delete')}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            remove.mutate(deleting.id, {
              onError: (error) => showErrorToast(adminErrorText(error, t)),
              onSettled: () => setDeleting(null),
            });
          }}
        />
      )}
    </div>
  );
}

function GroupMembers({ group }: { group: AdminGroup }) {
  const { t } = useTranslation();
  const members = useAdminUsers({ groupId: group.id, sort: 'email', order: 'asc' });
  const change = useChangeMembers();
  const [email, setEmail] = useState('');
  const matches = useAdminUsers({ search: email.trim(), sort: 'email', order: 'asc' });
  const rows = members.data?.pages.flatMap((page) => page.users) ?? [];

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = email.trim().toLowerCase();
    const found = (await matches.refetch()).data?.pages
      .flatMap((page) => page.users)
      .find((user) => user.email === wanted);
    if (!found) {
      showErrorToast(t('com_admin_group_no_such_user', { email: wanted }));
      return;
    }
    try {
      await change.mutateAsync({ id: group.id, add: [found.id] });
      setEmail('');
      showToast({ message: t('com_admin_group_added', { email: found.email, name: group.name }) });
    } catch (error) {
      showErrorToast(adminErrorText(error, t));
    }
  };

  return (
    <section
      aria-label={t('com_admin_group_members_of', { name: group.name })}
      className="flex flex-col gap-2"
    >
      <h3 className="text-sm font-semibold">{t('com_admin_group_members_of', { name: group.name })}</h3>
      <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void add(event)}>
        <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1 text-xs text-neutral-600 dark:text-neutral-400">
          {t('com_admin_group_add_email')}
          <Input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <button type="submit" className={primaryCompactButton} disabled={change.isPending}>
          {t('com_admin_group_add')}
        </button>
      </form>
      <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 dark:divide-neutral-700 dark:border-neutral-700">
        {rows.map((user) => (
          <li key={user.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0 truncate">{user.email}</span>
            <button
              type="button"
              className={secondaryButton}
              onClick={() =>
                change.mutate(
                  { id: group.id, remove: [user.id] },
                  { onError: (error) => showErrorToast(adminErrorText(error, t)) },
                )
              }
            >
              {t('com_admin_group_remove')}
            </button>
          </li>
        ))}
        {!members.isPending && rows.length === 0 && (
          <li className="px-3 py-2 text-sm text-neutral-500">{t('com_admin_group_empty')}</li>
        )}
      </ul>
    </section>
  );
}
