import { useTranslation } from 'react-i18next';
import type { UserBudget } from '@parley/shared/schemas/budget';
import { formatAmount, formatCount, formatCredits, formatInstant } from '../../lib/format';
import { UsageBars } from './usage-bars';
import { useMyBudgets, useMyUsage } from './usage-api';

const PERIOD_KEYS = {
  day: 'com_usage_period_day',
  week: 'com_usage_period_week',
  month: 'com_usage_period_month',
} as const;
const METRIC_KEYS = {
  credits: 'com_usage_metric_credits',
  tokens: 'com_usage_metric_tokens',
  requests: 'com_usage_metric_requests',
} as const;

function Limit({ budget, locale }: { budget: UserBudget; locale: string }) {
  const { t } = useTranslation();
  const share = budget.limit > 0 ? Math.min(100, (budget.spent / budget.limit) * 100) : 100;
  const warn = share >= (budget.warnAtPct ?? 100);
  return (
    <li className="space-y-1" data-testid="usage-limit">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
        <span className="font-medium">
          {t(PERIOD_KEYS[budget.period])} · {t(METRIC_KEYS[budget.metric])}
          {budget.model ? ` · ${budget.model}` : ''}
        </span>
        <span className="tabular-nums text-neutral-600 dark:text-neutral-300">
          {t('com_usage_limit_line', {
            spent: formatAmount(budget.metric, budget.spent, locale),
            limit: formatAmount(budget.metric, budget.limit, locale),
          })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share)}
        className="h-2 rounded-full bg-neutral-100 dark:bg-neutral-800"
      >
        <div
          className={`h-full rounded-full ${warn ? 'bg-amber-500' : 'bg-emerald-600 dark:bg-emerald-400'}`}
          style={{ width: `${share}%` }}
        />
      </div>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">
        {t('com_usage_resets', { date: formatInstant(budget.resetsAt, locale) })}
      </p>
    </li>
  );
}

/** Settings → Account: the user's usage this month by model, with a small chart, and their limits. */
export function AccountUsage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const usage = useMyUsage();
  const budgets = useMyBudgets();
  const rows = usage.data?.rows ?? [];
  return (
    <section
      className="space-y-3 border-b border-neutral-100 py-3 dark:border-neutral-700/60"
      aria-labelledby="account-usage-title"
    >
      <h3 id="account-usage-title" className="text-sm font-medium">
        {t('com_usage_title')}
      </h3>
      {usage.isError && <p className="text-xs text-red-600 dark:text-red-400">{t('com_usage_load_error')}</p>}
      {usage.data && rows.length === 0 && (
        <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('com_usage_empty')}</p>
      )}
      {usage.data && rows.length > 0 && (
        <>
          <p className="text-sm tabular-nums" data-testid="usage-total">
            {t('com_usage_total', {
              credits: formatCredits(usage.data.totals.credits, locale),
              requests: formatCount(usage.data.totals.requests, locale),
            })}
          </p>
          <UsageBars
            label={t('com_usage_by_model')}
            bars={rows.map((row) => ({
              key: row.key,
              label: row.label,
              value: row.credits,
              text: formatCredits(row.credits, locale),
            }))}
          />
        </>
      )}
      <h4 className="pt-1 text-xs font-medium text-neutral-600 dark:text-neutral-300">
        {t('com_usage_limits')}
      </h4>
      {budgets.data && budgets.data.budgets.length === 0 && (
        <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('com_usage_no_limits')}</p>
      )}
      {budgets.data && budgets.data.budgets.length > 0 && (
        <ul className="space-y-3">
          {budgets.data.budgets.map((budget) => (
            <Limit key={budget.id} budget={budget} locale={locale} />
          ))}
        </ul>
      )}
    </section>
  );
}
