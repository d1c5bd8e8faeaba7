import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageGroupBy, UsageRow } from '@parley/shared/schemas/budget';
import { primaryCompactButton, secondaryButton } from '../../components/ui/chat-styles';
import { showErrorToast } from '../../lib/toast-store';
import { formatCount, formatCredits } from '../../lib/format';
import { UsageBars } from './usage-bars';
import { downloadUsageCsv, useAdminUsage } from './usage-api';

const GROUPS = [
  { value: 'user', key: 'com_admin_usage_by_user' },
  { value: 'model', key: 'com_admin_usage_by_model' },
  { value: 'day', key: 'com_admin_usage_by_day' },
  { value: 'group', key: 'com_admin_usage_by_group' },
] as const satisfies readonly { value: UsageGroupBy; key: string }[];

/** `2026-11` → the UTC month's window as the API takes it. */
function monthWindow(month: string): { from: string; to: string } {
  const [year = 1970, index = 1] = month.split('-').map(Number);
  return {
    from: new Date(Date.UTC(year, index - 1, 1)).toISOString(),
    to: new Date(Date.UTC(year, index, 1)).toISOString(),
  };
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

function Table({ rows, locale }: { rows: UsageRow[]; locale: string }) {
  const { t } = useTranslation();
  const head = 'px-2 py-1.5 text-left text-xs font-medium text-neutral-500 dark:text-neutral-400';
  const cell = 'px-2 py-1.5 tabular-nums';
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-sm" data-testid="usage-table">
        <thead>
          <tr className="border-b border-neutral-200 dark:border-neutral-700">
            <th className={head}>{t('com_admin_usage_col_name')}</th>
            <th className={`${head} text-right`}>{t('com_admin_usage_col_requests')}</th>
            <th className={`${head} text-right`}>{t('com_admin_usage_col_prompt')}</th>
            <th className={`${head} text-right`}>{t('com_admin_usage_col_completion')}</th>
            <th className={`${head} text-right`}>{t('com_admin_usage_col_cost')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-neutral-100 dark:border-neutral-800">
              <td className="max-w-[14rem] truncate px-2 py-1.5" title={row.label}>
                {row.label}
              </td>
              <td className={`${cell} text-right`}>{formatCount(row.requests, locale)}</td>
              <td className={`${cell} text-right`}>{formatCount(row.promptTokens, locale)}</td>
              <td className={`${cell} text-right`}>{formatCount(row.completionTokens, locale)}</td>
              <td className={`${cell} text-right`}>{formatCredits(row.credits, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The admin Usage tab: everyone's usage by user, model, day or group, charts by day and model, CSV exports. */
export function AdminUsageTab() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [groupBy, setGroupBy] = useState<UsageGroupBy>('user');
  const [month, setMonth] = useState(thisMonth);
  const [cursors, setCursors] = useState<string[]>([]);
  const window = monthWindow(month);
  const page = useAdminUsage({ groupBy, ...window, cursor: cursors.at(-1) });
  const byDay = useAdminUsage({ groupBy: 'day', ...window });
  const byModel = useAdminUsage({ groupBy: 'model', ...window });
  const [exporting, setExporting] = useState<string | null>(null);

  const exportCsv = (level: 'daily' | 'ledger') => {
    setExporting(level);
    downloadUsageCsv(level, window.from, window.to)
      .catch(() => showErrorToast(t('com_admin_usage_export_error')))
      .finally(() => setExporting(null));
  };
  const totals = page.data?.totals;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="space-y-1 text-xs">
          <span className="block text-neutral-600 dark:text-neutral-300">{t('com_admin_usage_month')}</span>
          <input
            type="month"
            value={month}
            onChange={(event) => {
              if (event.target.value) setMonth(event.target.value);
              setCursors([]);
            }}
            className="h-9 rounded-lg border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-600 dark:bg-neutral-900"
          />
        </label>
        <div role="radiogroup" aria-label={t('com_admin_usage_group_label')} className="flex flex-wrap gap-1">
          {GROUPS.map((group) => (
            <button
              key={group.value}
              type="button"
              role="radio"
              aria-checked={groupBy === group.value}
              className={groupBy === group.value ? primaryCompactButton : secondaryButton}
              onClick={() => {
                setGroupBy(group.value);
                setCursors([]);
              }}
            >
              {t(group.key)}
            </button>
          ))}
        </div>
        <div className="ms-auto flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButton}
            disabled={exporting !== null}
            onClick={() => exportCsv('daily')}
          >
            {t('com_admin_usage_export_daily')}
          </button>
          <button
            type="button"
            className={secondaryButton}
            disabled={exporting !== null}
            onClick={() => exportCsv('ledger')}
          >
            {t('com_admin_usage_export_ledger')}
          </button>
        </div>
      </div>

      {totals && (
        <p className="text-sm tabular-nums" data-testid="admin-usage-total">
          {t('com_usage_total', {
            credits: formatCredits(totals.credits, locale),
            requests: formatCount(totals.requests, locale),
          })}
        </p>
      )}

      <div className="grid gap-4 md:grid-cols-2">
        <figure className="space-y-2">
          <figcaption className="text-xs font-medium">{t('com_admin_usage_chart_day')}</figcaption>
          <UsageBars
            label={t('com_admin_usage_chart_day')}
            bars={(byDay.data?.rows ?? []).map((row) => ({
              key: row.key,
              label: row.label,
              value: row.credits,
              text: formatCredits(row.credits, locale),
            }))}
          />
        </figure>
        <figure className="space-y-2">
          <figcaption className="text-xs font-medium">{t('com_admin_usage_chart_model')}</figcaption>
          <UsageBars
            label={t('com_admin_usage_chart_model')}
            bars={(byModel.data?.rows ?? []).map((row) => ({
              key: row.key,
              label: row.label,
              value: row.credits,
              text: formatCredits(row.credits, locale),
            }))}
          />
        </figure>
      </div>

      {page.isError && <p className="text-sm text-red-600 dark:text-red-400">{t('com_usage_load_error')}</p>}
      {page.data && page.data.rows.length === 0 && (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('com_usage_empty')}</p>
      )}
      {page.data && page.data.rows.length > 0 && <Table rows={page.data.rows} locale={locale} />}
      <div className="flex gap-2">
        {cursors.length > 0 && (
          <button type="button" className={secondaryButton} onClick={() => setCursors(cursors.slice(0, -1))}>
            {t('com_admin_usage_previous')}
          </button>
        )}
        {page.data?.nextCursor && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => setCursors([...cursors, page.data?.nextCursor ?? ''])}
          >
            {t('com_admin_usage_next')}
          </button>
        )}
      </div>
    </div>
  );
}
