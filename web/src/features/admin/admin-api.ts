import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminPath, adminPaths } from '@parley/shared/api/admin-paths';
import { paths } from '@parley/shared/api/paths';
import {
  adminGroupSchema,
  adminGroupsSchema,
  adminUserSchema,
  adminUsersPageSchema,
  auditPageSchema,
  balanceOperationResultSchema,
  type AdminUsersQuery,
  type BalanceOperation,
  type CreateAdminUser,
  type CreateGroup,
  type PatchAdminUser,
  type PatchGroup,
} from '@parley/shared/schemas/admin';
import { apiDelete, apiGet, apiPatch, apiPost, apiPut } from '../../lib/api-client';
import { readAgain } from '../../lib/update-cached-list';

const empty = z.unknown();

/** Query keys of the admin console; every change invalidates the users, groups and audit lists. */
export const ADMIN_KEYS = {
  users: [adminPaths.users] as const,
  groups: [adminPaths.groups] as const,
  audit: [adminPaths.audit] as const,
};

const queryString = (query: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** `GET /api/admin/users`, page after page by cursor. */
export function useAdminUsers(query: Omit<AdminUsersQuery, 'cursor'>) {
  return useInfiniteQuery({
    queryKey: [...ADMIN_KEYS.users, query],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `${adminPaths.users}${queryString({ ...query, cursor: pageParam || undefined })}`,
        adminUsersPageSchema,
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useAdminGroups() {
  return useQuery({
    queryKey: ADMIN_KEYS.groups,
    queryFn: ({ signal }) => apiGet(adminPaths.groups, adminGroupsSchema, { signal }),
  });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: ADMIN_KEYS.audit,
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      apiGet(`${adminPaths.audit}${queryString({ cursor: pageParam || undefined })}`, auditPageSchema, {
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** A mutation that refreshes the admin lists once it is done (whatever the answer). */
function useAdminMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all(Object.values(ADMIN_KEYS).map((queryKey) => readAgain(client, { queryKey })));
    },
  });
}

export const useCreateUser = () =>
  useAdminMutation((input: CreateAdminUser) => apiPost(adminPaths.users, input, adminUserSchema));

export const useUpdateUser = () =>
  useAdminMutation(({ id, patch }: { id: string; patch: PatchAdminUser }) =>
    apiPatch(adminPath(adminPaths.user, id), patch, adminUserSchema),
  );

export const useDeleteUser = () =>
  useAdminMutation((id: string) => apiDelete(adminPath(adminPaths.user, id), empty));

export const useRevokeSessions = () =>
  useAdminMutation((id: string) => apiPost(adminPath(adminPaths.userSessionsRevoke, id), {}, empty));

/** `DELETE /api/admin/users/{id}/2fa`: the user signs in with the password alone again (audited). */
export const useResetTwoFactor = () =>
  useAdminMutation((id: string) => apiDelete(adminPath(paths.adminUserTwoFactor, id), empty));

export const useChangeBalance = () =>
  useAdminMutation(({ id, operation }: { id: string; operation: BalanceOperation }) =>
    apiPost(adminPath(adminPaths.userBalance, id), operation, balanceOperationResultSchema),
  );

export const useCreateGroup = () =>
  useAdminMutation((input: CreateGroup) => apiPost(adminPaths.groups, input, adminGroupSchema));

export const useUpdateGroup = () =>
  useAdminMutation(({ id, patch }: { id: string; patch: PatchGroup }) =>
    apiPatch(adminPath(adminPaths.group, id), patch, adminGroupSchema),
  );

export const useDeleteGroup = () =>
  useAdminMutation((id: string) => apiDelete(adminPath(adminPaths.group, id), empty));

export const useChangeMembers = () =>
  useAdminMutation(({ id, add, remove }: { id: string; add?: string[]; remove?: string[] }) =>
    apiPut(
      adminPath(adminPaths.groupMembers, id),
      { add: add ?? [], remove: remove ?? [] },
      adminGroupSchema,
    ),
  );
