import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BUDGET_METRICS,
  BUDGET_PERIODS,
  BUDGET_SCOPES,
  type Budget,
  type BudgetMetric,
  type BudgetPeriod,
  type BudgetScope,
  type CreateBudget,
} from '@parley/shared/schemas/budget';
import { dangerButton, primaryCompactButton, secondaryButton } from '../../components/ui/chat-styles';
import { showErrorToast, showToast } from '../../lib/toast-store';
import { formatAmount } from '../../lib/format';
import { createBudget, deleteBudget, updateBudget, useBudgets, USAGE_KEYS } from './usage-api';
import { readAgain } from '../../lib/update-cached-list';

/** A group a budget can be scoped to (the admin console's group list, handed in by app/). */
export interface BudgetGroup {
  id: string;
  name: string;
}

const control =
  'h-9 w-full rounded-lg border border-neutral-300 bg-white px-2 text-sm dark:border-neutral-600 dark:bg-neutral-900';

interface Draft {
  scope: BudgetScope;
  scopeId: string;
  model: string;
  metric: BudgetMetric;
  limit: string;
  period: BudgetPeriod;
  warnAtPct: string;
}

const EMPTY: Draft = {
  scope: 'group',
  scopeId: '',
  model: '',
  metric: 'credits',
  limit: '',
  period: 'month',
  warnAtPct: '80',
};

const draftOf = (budget: Budget): Draft => ({
  scope: budget.scope,
  scopeId: budget.scopeId ?? '',
  model: budget.model ?? '',
  metric: budget.metric,
  limit: String(budget.limit),
  period: budget.period,
  warnAtPct: budget.warnAtPct === undefined ? '' : String(budget.warnAtPct),
});

function inputOf(draft: Draft): CreateBudget {
  return {
    scope: draft.scope,
    ...(draft.scope !== 'global' ? { scopeId: draft.scopeId.trim() } : {}),
    ...(draft.model.trim() ? { model: draft.model.trim() } : {}),
    metric: draft.metric,
    limit: Number(draft.limit),
    period: draft.period,
    ...(draft.warnAtPct.trim() ? { warnAtPct: Number(draft.warnAtPct) } : {}),
  };
}

function Select<T extends string>(props: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs text-neutral-600 dark:text-neutral-300">
        {props.label}
      </label>
      <select
        id={id}
        className={control}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Text(props: { label: string; value: string; onChange: (value: string) => void; type?: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs text-neutral-600 dark:text-neutral-300">
        {props.label}
      </label>
      <input
        id={id}
        className={control}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

function BudgetForm(props: {
  initial: Draft;
  groups: readonly BudgetGroup[];
  onSave: (draft: Draft) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    props
      .onSave(draft)
      .catch((error: unknown) => showErrorToast(error instanceof Error ? error.message : String(error)))
      .finally(() => setBusy(false));
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t('com_admin_budget_form')}
      className="grid gap-3 rounded-xl border border-neutral-200 p-3 sm:grid-cols-2 dark:border-neutral-700"
    >
      <Select
        label={t('com_admin_budget_scope')}
        value={draft.scope}
        options={BUDGET_SCOPES.map((scope) => ({
          value: scope,
          label: t(`com_admin_budget_scope_${scope}`),
        }))}
        onChange={(scope) => set({ scope, scopeId: scope === 'role' ? 'USER' : '' })}
      />
      {draft.scope === 'role' && (
        <Select
          label={t('com_admin_budget_role')}
          value={draft.scopeId}
          options={['USER', 'ADMIN'].map((role) => ({ value: role, label: role }))}
          onChange={(scopeId) => set({ scopeId })}
        />
      )}
      {draft.scope === 'group' && (
        <Select
          label={t('com_admin_budget_group')}
          value={draft.scopeId}
          options={[
            { value: '', label: '—' },
            ...props.groups.map((group) => ({ value: group.id, label: group.name })),
          ]}
          onChange={(scopeId) => set({ scopeId })}
        />
      )}
      {draft.scope === 'user' && (
        <Text
          label={t('com_admin_budget_user')}
          value={draft.scopeId}
          onChange={(scopeId) => set({ scopeId })}
        />
      )}
      <Text label={t('com_admin_budget_model')} value={draft.model} onChange={(model) => set({ model })} />
      <Select
        label={t('com_admin_budget_metric')}
        value={draft.metric}
        options={BUDGET_METRICS.map((metric) => ({ value: metric, label: t(`com_usage_metric_${metric}`) }))}
        onChange={(metric) => set({ metric })}
      />
      <Text
        label={t(draft.metric === 'credits' ? 'com_admin_budget_limit_credits' : 'com_admin_budget_limit')}
        type="number"
        value={draft.limit}
        onChange={(limit) => set({ limit })}
      />
      <Select
        label={t('com_admin_budget_period')}
        value={draft.period}
        options={BUDGET_PERIODS.map((period) => ({ value: period, label: t(`com_usage_period_${period}`) }))}
        onChange={(period) => set({ period })}
      />
      <Text
        label={t('com_admin_budget_warn')}
        type="number"
        value={draft.warnAtPct}
        onChange={(warnAtPct) => set({ warnAtPct })}
      />
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className={primaryCompactButton} disabled={busy}>
          {t('com_ui_save')}
        </button>
        <button type="button" className={secondaryButton} onClick={props.onCancel}>
          {t('com_ui_cancel')}
        </button>
      </div>
    </form>
  );
}

/** The admin Budgets tab: every budget (YAML ones read-only), create, edit, delete. */
export function AdminBudgetsTab({ groups }: { groups: readonly BudgetGroup[] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const budgets = useBudgets();
  const groupName = (id: string) => groups.find((group) => group.id === id)?.name ?? id;
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const refresh = () => readAgain(queryClient, { queryKey: USAGE_KEYS.budgets });

  const save = async (id: string | null, draft: Draft) => {
    const input = inputOf(draft);
    if (id === null) await createBudget(input);
    else
      await updateBudget(id, {
        ...input,
        scopeId: input.scopeId ?? null,
        model: input.model ?? null,
        warnAtPct: input.warnAtPct ?? null,
      });
    setEditing(null);
    showToast({ message: t('com_admin_budget_saved') });
    await refresh();
  };
  const remove = (id: string) => {
    deleteBudget(id)
      .then(async () => {
        setConfirming(null);
        showToast({ message: t('com_admin_budget_deleted') });
        await refresh();
      })
      .catch((error: unknown) => showErrorToast(error instanceof Error ? error.message : String(error)));
  };
  const describe = (budget: Budget) =>
    [
      t(`com_admin_budget_scope_${budget.scope}`) +
        (budget.scopeId ? ` ${budget.scope === 'group' ? groupName(budget.scopeId) : budget.scopeId}` : ''),
      budget.model,
      `${formatAmount(budget.metric, budget.limit, i18n.language)} · ${t(`com_usage_metric_${budget.metric}`)} · ${t(`com_usage_period_${budget.period}`)}`,
      budget.warnAtPct !== undefined ? `⚠ ${budget.warnAtPct}%` : undefined,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <div className="space-y-3">
      {editing === 'new' ? (
        <BudgetForm
          initial={EMPTY}
          groups={groups}
          onSave={(draft) => save(null, draft)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className={primaryCompactButton} onClick={() => setEditing('new')}>
          {t('com_admin_budgets_new')}
        </button>
      )}
      {budgets.data && budgets.data.budgets.length === 0 && (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('com_admin_budgets_empty')}</p>
      )}
      <ul className="space-y-2" aria-label={t('com_admin_budgets_list')}>
        {(budgets.data?.budgets ?? []).map((budget) =>
          editing === budget.id ? (
            <li key={budget.id}>
              <BudgetForm
                initial={draftOf(budget)}
                groups={groups}
                onSave={(draft) => save(budget.id, draft)}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li
              key={budget.id}
              data-testid="budget-row"
              className="flex flex-wrap items-center gap-2 rounded-xl border border-neutral-200 px-3 py-2 text-sm dark:border-neutral-700"
            >
              <span className="min-w-0 flex-1 break-words">{describe(budget)}</span>
              {budget.source === 'yaml' ? (
                <span className="text-xs text-neutral-500 dark:text-neutral-400">
                  {t('com_admin_budget_yaml')}
                </span>
              ) : confirming === budget.id ? (
                <>
                  <span className="text-xs">{t('com_admin_budget_delete_confirm')}</span>
                  <button type="button" className={dangerButton} onClick={() => remove(budget.id)}>
                    {t('com_admin_budget_delete')}
                  </button>
                  <button type="button" className={secondaryButton} onClick={() => setConfirming(null)}>
                    {t('com_ui_cancel')}
                  </button>
                </>
              ) : (
                <>
                  <button type="button" className={secondaryButton} onClick={() => setEditing(budget.id)}>
                    {t('com_admin_budget_edit')}
                  </button>
                  <button type="button" className={secondaryButton} onClick={() => setConfirming(budget.id)}>
                    {t('com_admin_budget_delete')}
                  </button>
                </>
              )}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
