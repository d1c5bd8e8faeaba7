import { z } from 'zod';

/** What a ledger row's model call was (API.md "Administration, budgets and usage"). */
export const LEDGER_KINDS = ['chat', 'title', 'agent', 'tool', 'assistant', 'embedding', 'summary'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const BUDGET_SCOPES = ['global', 'role', 'group', 'user'] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];
export const BUDGET_METRICS = ['credits', 'tokens', 'requests'] as const;
export type BudgetMetric = (typeof BUDGET_METRICS)[number];
/** UTC calendar windows: a day, an ISO week (Monday to Sunday), a month. */
export const BUDGET_PERIODS = ['day', 'week', 'month'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** The largest limit a budget takes (a quadrillion credits is a billion dollars). */
export const MAX_BUDGET_LIMIT = 1e15;

/** A model glob: `*` any run of characters, `?` one; letters, digits and `-._:/@` otherwise. */
export const modelGlobSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200, 'is too long')
  .regex(/^[\w\-.:/@*?]+$/u, 'may hold letters, digits, - . _ : / @ and the wildcards * and ?');

const budgetFields = {
  scope: z.enum(BUDGET_SCOPES),
  scopeId: z.string().trim().min(1).max(200).optional(),
  model: modelGlobSchema.optional(),
  metric: z.enum(BUDGET_METRICS),
  limit: z.number().finite().min(0, 'may not be negative').max(MAX_BUDGET_LIMIT, 'is too large'),
  period: z.enum(BUDGET_PERIODS),
  warnAtPct: z.number().int().min(1, 'is at least 1').max(100, 'is at most 100').optional(),
};

/** One budget as the API shows it; `source: "yaml"` ones come from the config file and are read-only. */
export const budgetSchema = z.object({
  id: z.string(),
  ...budgetFields,
  source: z.enum(['api', 'yaml']),
});
export type Budget = z.infer<typeof budgetSchema>;

/** `scopeId` is required for every scope but `global` (and refused there). */
const scopeIdRule = (value: { scope?: BudgetScope | undefined; scopeId?: string | undefined }) =>
  value.scope === undefined || (value.scope === 'global') === (value.scopeId === undefined);
const SCOPE_ID_MESSAGE = 'is required for a role, group or user budget and absent for a global one';

/** `POST /api/admin/budgets`. */
export const createBudgetSchema = z
  .object(budgetFields)
  .refine(scopeIdRule, { message: SCOPE_ID_MESSAGE, path: ['scopeId'] });
export type CreateBudget = z.infer<typeof createBudgetSchema>;

/** `PATCH /api/admin/budgets/{id}`: any field; `null` clears `model` or `warnAtPct`. */
export const updateBudgetSchema = z.object({
  scope: budgetFields.scope.optional(),
  scopeId: budgetFields.scopeId.nullable(),
  model: budgetFields.model.nullable(),
  metric: budgetFields.metric.optional(),
  limit: budgetFields.limit.optional(),
  period: budgetFields.period.optional(),
  warnAtPct: budgetFields.warnAtPct.nullable(),
});
export type UpdateBudget = z.infer<typeof updateBudgetSchema>;

export const budgetListSchema = z.object({ budgets: z.array(budgetSchema) });

/** The budget a refused chat ran into (`402 budget_exceeded`). */
export const exceededBudgetSchema = z.object({
  id: z.string(),
  scope: z.enum(BUDGET_SCOPES),
  metric: z.enum(BUDGET_METRICS),
  period: z.enum(BUDGET_PERIODS),
  limit: z.number(),
  spent: z.number(),
  resetsAt: z.string(),
});
export type ExceededBudget = z.infer<typeof exceededBudgetSchema>;

/** `final.budgets`: budgets at or above their `warnAtPct` after the turn. */
export const budgetWarningSchema = z.object({
  id: z.string(),
  status: z.literal('warning'),
  spent: z.number(),
  limit: z.number(),
  resetsAt: z.string(),
  metric: z.enum(BUDGET_METRICS).optional(),
  period: z.enum(BUDGET_PERIODS).optional(),
});
export type BudgetWarning = z.infer<typeof budgetWarningSchema>;

/** `GET /api/usage/budgets`: each budget that applies to the caller. */
export const userBudgetSchema = z.object({
  id: z.string(),
  scope: z.enum(BUDGET_SCOPES),
  model: z.string().optional(),
  metric: z.enum(BUDGET_METRICS),
  period: z.enum(BUDGET_PERIODS),
  limit: z.number(),
  spent: z.number(),
  remaining: z.number(),
  resetsAt: z.string(),
  warnAtPct: z.number().optional(),
});
export type UserBudget = z.infer<typeof userBudgetSchema>;
export const userBudgetsResponseSchema = z.object({ budgets: z.array(userBudgetSchema) });

/** One row of the ledger. */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  userId: z.string(),
  userLabel: z.string(),
  conversationId: z.string().nullable(),
  endpoint: z.string(),
  model: z.string(),
  kind: z.enum(LEDGER_KINDS),
  promptTokens: z.number(),
  completionTokens: z.number(),
  cacheReadTokens: z.number(),
  cacheWriteTokens: z.number(),
  credits: z.number(),
  requestId: z.string(),
  unpriced: z.boolean(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const USER_USAGE_GROUPS = ['day', 'model'] as const;
export const ADMIN_USAGE_GROUPS = ['user', 'model', 'day', 'group'] as const;
export type UsageGroupBy = (typeof ADMIN_USAGE_GROUPS)[number];

/** An ISO date or date-time; a bare date is the start of that UTC day. */
const instantSchema = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value));

/** `GET /api/usage`: the window is [from, to), by default the current UTC month. */
export const userUsageQuerySchema = z.object({
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  groupBy: z.enum(USER_USAGE_GROUPS).default('model'),
});

export const adminUsageQuerySchema = z.object({
  from: instantSchema.optional(),
  to: instantSchema.optional(),
  groupBy: z.enum(ADMIN_USAGE_GROUPS).default('user'),
  userId: z.uuid().optional(),
  groupId: z.string().min(1).max(200).optional(),
  model: z.string().min(1).max(200).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const usageExportQuerySchema = adminUsageQuerySchema
  .omit({ cursor: true, limit: true, groupBy: true })
  .extend({
    groupBy: z.enum(ADMIN_USAGE_GROUPS).default('user'),
    format: z.literal('csv').default('csv'),
    level: z.enum(['daily', 'ledger']).default('daily'),
  });

export const usageRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  requests: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  credits: z.number(),
});
export type UsageRow = z.infer<typeof usageRowSchema>;

export const usageTotalsSchema = usageRowSchema.omit({ key: true, label: true });
export type UsageTotals = z.infer<typeof usageTotalsSchema>;

export const usageResponseSchema = z.object({
  rows: z.array(usageRowSchema),
  totals: usageTotalsSchema,
  nextCursor: z.string().nullable().optional(),
  from: z.string(),
  to: z.string(),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;
