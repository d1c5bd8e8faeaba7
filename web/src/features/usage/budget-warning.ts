import type { TFunction } from 'i18next';
import type { BudgetWarning } from '@parley/shared/schemas/budget';
import { i18n } from '../../lib/i18n';
import { showToast } from '../../lib/toast-store';
import { formatInstant } from '../../lib/format';

/** How long the warning stays: long enough to read a sentence with a date. */
const WARNING_MS = 8_000;

/** `final.budgets`: one warning toast for the fullest budget at or above its warning percentage. */
export function warnAboutBudgets(warnings: readonly BudgetWarning[] | undefined, t: TFunction): void {
  if (!warnings || warnings.length === 0) return;
  const share = (warning: BudgetWarning) => (warning.limit > 0 ? warning.spent / warning.limit : 1);
  const fullest = [...warnings].sort((a, b) => share(b) - share(a))[0];
  if (!fullest) return;
  showToast({
    severity: 'warning',
    duration: WARNING_MS,
    message: t('com_ui_budget_warning', {
      percent: Math.min(100, Math.round(share(fullest) * 100)),
      resetsAt: formatInstant(fullest.resetsAt, i18n.language),
    }),
  });
}
