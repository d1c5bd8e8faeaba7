import type { ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@parley/shared/schemas/user';
import type { LocaleKey } from '../../lib/locale-key';
import { AuditTab } from './audit-tab';
import { GroupsTab } from './groups-tab';
import { UsersTab } from './users-tab';

const TABS = ['users', 'groups', 'usage', 'budgets', 'audit'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, LocaleKey> = {
  users: 'com_admin_tab_users',
  groups: 'com_admin_tab_groups',
  usage: 'com_admin_tab_usage',
  budgets: 'com_admin_tab_budgets',
  audit: 'com_admin_tab_audit',
};

const tabClass =
  'flex h-9 shrink-0 items-center rounded-lg px-3 text-sm text-neutral-600 outline-none hover:bg-neutral-100 focus-visible:ring-2 focus-visible:ring-neutral-900 data-[state=active]:bg-neutral-100 data-[state=active]:font-medium data-[state=active]:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:focus-visible:ring-neutral-100 dark:data-[state=active]:bg-neutral-800 dark:data-[state=active]:text-white';

const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '');

/**
 * `/admin`: the administration console's tabs (the tab in the address, so a reload keeps it). The Usage and
 * Budgets tabs belong to the usage feature; app/ hands them in.
 */
export function AdminPage({
  user,
  usageTab,
  budgetsTab,
}: {
  user: User;
  usageTab: ReactNode;
  budgetsTab: ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'users';
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-4 sm:px-6">
      <h1 className="text-xl font-semibold">{t('com_admin_title')}</h1>
      <Tabs.Root value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <Tabs.List
          aria-label={t('com_admin_title')}
          className="mb-4 flex gap-1 overflow-x-auto border-b border-neutral-200 pb-2 [scrollbar-width:none] dark:border-neutral-700"
        >
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value} className={tabClass}>
              {t(LABELS[value])}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="users" className="outline-none">
          <UsersTab me={user} />
        </Tabs.Content>
        <Tabs.Content value="groups" className="outline-none">
          <GroupsTab />
        </Tabs.Content>
        <Tabs.Content value="usage" className="outline-none">
          {usageTab}
        </Tabs.Content>
        <Tabs.Content value="budgets" className="outline-none">
          {budgetsTab}
        </Tabs.Content>
        <Tabs.Content value="audit" className="outline-none">
          <AuditTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
