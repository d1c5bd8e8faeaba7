/** The paths of usage and budgets (API.md "Administration, budgets and usage"). */
export const usagePaths = {
  /** GET `?from=&to=&groupBy=day|model`: the caller's usage. */
  usage: '/api/usage',
  /** GET the budgets that apply to the caller, with `spent`, `remaining`, `resetsAt`. */
  usageBudgets: '/api/usage/budgets',
  /** GET `?from=&to=&groupBy=user|model|day|group&userId=&groupId=&model=&cursor=`. */
  adminUsage: '/api/admin/usage',
  /** GET `…&format=csv&level=daily|ledger`: a CSV download, streamed. */
  adminUsageExport: '/api/admin/usage/export',
  /** GET every budget (API and YAML); POST creates one. */
  adminBudgets: '/api/admin/budgets',
  /** PATCH, DELETE one budget made through the API. */
  adminBudget: '/api/admin/budgets/:id',
} as const;
