import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { usagePaths } from '@parley/shared/api/usage-paths';
import {
  budgetListSchema,
  budgetSchema,
  usageResponseSchema,
  userBudgetsResponseSchema,
  type CreateBudget,
  type UpdateBudget,
  type UsageGroupBy,
} from '@parley/shared/schemas/budget';
import { apiDelete, apiFetch, apiGet, apiPatch, apiPost, errorFromResponse } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';

/** Query keys of usage and budgets (invalidated after a chat and after a budget changes). */
export const USAGE_KEYS = {
  mine: [usagePaths.usage] as const,
  myBudgets: [usagePaths.usageBudgets] as const,
  admin: [usagePaths.adminUsage] as const,
  budgets: [usagePaths.adminBudgets] as const,
};

/** The caller's usage this month by model (`GET /api/usage?groupBy=model`). */
export const useMyUsage = () =>
  useQuery({
    queryKey: [...USAGE_KEYS.mine, 'model'],
    queryFn: ({ signal }) => apiGet(`${usagePaths.usage}?groupBy=model`, usageResponseSchema, { signal }),
  });

/** The budgets that apply to the caller, with what is spent (`GET /api/usage/budgets`). */
export const useMyBudgets = () =>
  useQuery({
    queryKey: USAGE_KEYS.myBudgets,
    queryFn: ({ signal }) => apiGet(usagePaths.usageBudgets, userBudgetsResponseSchema, { signal }),
  });

export interface AdminUsageQuery {
  groupBy: UsageGroupBy;
  from: string;
  to: string;
  cursor?: string | undefined;
}

const queryString = (query: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();

/** One page of everyone's usage (`GET /api/admin/usage`). */
export const useAdminUsage = (query: AdminUsageQuery) =>
  useQuery({
    queryKey: [...USAGE_KEYS.admin, query],
    queryFn: ({ signal }) =>
      apiGet(`${usagePaths.adminUsage}?${queryString({ ...query })}`, usageResponseSchema, { signal }),
  });

/** Downloads the CSV export (`level=daily`: the rollup per day, user and model; `ledger`: every row). */
export async function downloadUsageCsv(level: 'daily' | 'ledger', from: string, to: string): Promise<void> {
  const path = `${usagePaths.adminUsageExport}?${queryString({ level, from, to, format: 'csv' })}`;
  const response = await apiFetch('GET', path, undefined, { headers: { accept: 'text/csv' } });
  if (!response.ok) {
    throw errorFromResponse(response.status, response.statusText, await response.text());
  }
  const name = /filename="([^"]+)"/u.exec(response.headers.get('content-disposition') ?? '')?.[1];
  downloadFile(name ?? `parley-usage-${level}.csv`, await response.blob(), 'text/csv');
}

export const useBudgets = () =>
  useQuery({
    queryKey: USAGE_KEYS.budgets,
    queryFn: ({ signal }) => apiGet(usagePaths.adminBudgets, budgetListSchema, { signal }),
  });

const budgetPath = (id: string) => usagePaths.adminBudget.replace(':id', encodeURIComponent(id));

export const createBudget = (input: CreateBudget) => apiPost(usagePaths.adminBudgets, input, budgetSchema);
export const updateBudget = (id: string, patch: UpdateBudget) =>
  apiPatch(budgetPath(id), patch, budgetSchema);
export const deleteBudget = (id: string) => apiDelete(budgetPath(id), z.unknown());
