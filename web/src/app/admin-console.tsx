import type { User } from '@parley/shared/schemas/user';
import { useAdminGroups } from '../features/admin/admin-api';
import { AdminPage } from '../features/admin/admin-page';
import { AdminBudgetsTab } from '../features/usage/admin-budgets-tab';
import { AdminUsageTab } from '../features/usage/admin-usage-tab';

/** The Budgets tab with the admin console's groups to scope budgets to. */
function BudgetsTab() {
  const groups = useAdminGroups();
  return <AdminBudgetsTab groups={groups.data?.groups ?? []} />;
}

/** The admin console with the usage feature's tabs slotted in (features never import each other). */
export function AdminConsole({ user }: { user: User }) {
  return <AdminPage user={user} usageTab={<AdminUsageTab />} budgetsTab={<BudgetsTab />} />;
}
