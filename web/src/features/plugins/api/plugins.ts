import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import { pluginListSchema, type UserPluginsBody } from '@parley/shared/schemas/plugin';
import { userSchema, type User } from '@parley/shared/schemas/user';
import { apiGet, apiPost } from '../../../lib/api-client';
import { readAgain } from '../../../lib/update-cached-list';

/**
 * `GET /api/plugins`: the plugin store entry, then every tool with this user's `authenticated`. Keyed by the
 * user, so another signed-in user never sees the previous one's answer.
 */
export function pluginsQuery(userId: string | null) {
  return queryOptions({
    queryKey: [paths.plugins, userId],
    queryFn: ({ signal }) => apiGet(paths.plugins, pluginListSchema, { signal }),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
}

export function usePlugins(userId: string | null, enabled = true) {
  return useQuery({ ...pluginsQuery(userId), enabled: userId !== null && enabled });
}

/**
 * `POST /api/user/plugins` (install with its credentials, or uninstall) → the updated user, handed to
 * `onUser`; the plugin list is refetched since `authenticated` may have changed.
 */
export function useUpdateUserPlugins(onUser: (user: User) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserPluginsBody) => apiPost(paths.userPlugins, body, userSchema),
    onSuccess: (user) => {
      onUser(user);
      return readAgain(queryClient, { queryKey: [paths.plugins] });
    },
  });
}
