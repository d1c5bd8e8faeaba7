import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import { fileUploadResponseSchema, type FileUploadResponse } from '@parley/shared/schemas/file';
import { pluginListSchema } from '@parley/shared/schemas/plugin';
import {
  apiDelete,
  apiFetch,
  apiGet,
  apiPost,
  errorFromResponse,
  parseSuccessBody,
} from '../../../lib/api-client';
import { readAgain, updateCachedList } from '../../../lib/update-cached-list';
import { z } from 'zod';
import {
  actionListSchema,
  actionSaveResponseSchema,
  type Action,
  type ActionSaveBody,
} from '@parley/shared/schemas/action';
import {
  assistantDeletedSchema,
  assistantListSchema,
  assistantSchema,
  type Assistant,
  type AssistantCreateBody,
} from '@parley/shared/schemas/assistant';

const messageResponseSchema = z.object({ message: z.string() }).loose();

/** The routes of API.md "Assistants and actions". */
const segment = encodeURIComponent;
export const assistantPaths = {
  list: paths.assistants,
  one: (id: string) => paths.assistant.replace(':id', segment(id)),
  tools: paths.assistantsTools,
  actions: paths.assistantsActions,
  upsertAction: (assistantId: string) =>
    paths.assistantActions.replace(':assistant_id', segment(assistantId)),
  deleteAction: (assistantId: string, actionId: string, model: string) =>
    paths.assistantAction
      .replace(':assistant_id', segment(assistantId))
      .replace(':action_id', segment(actionId))
      .replace(':model', segment(model)),
  avatar: (assistantId: string, model: string) =>
    `${paths.assistantAvatar.replace(':assistant_id', segment(assistantId))}?model=${segment(model)}`,
} as const;

const LIST_KEY = [assistantPaths.list, 'list'] as const;
const ACTIONS_KEY = [assistantPaths.actions] as const;
const TOOLS_KEY = [assistantPaths.tools] as const;

/** SPEC §6: assistant queries run only when the endpoint exists and its key (when needed) is valid. */
export function assistantsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) =>
      apiGet(`${assistantPaths.list}?order=desc&limit=100`, assistantListSchema, { signal }).then(
        (list) => list.data,
      ),
    enabled,
  });
}

export function useAssistants(enabled: boolean) {
  return useQuery(assistantsQuery(enabled));
}

export function useAssistantActions(enabled: boolean) {
  return useQuery({
    queryKey: ACTIONS_KEY,
    queryFn: ({ signal }) => apiGet(assistantPaths.actions, actionListSchema, { signal }),
    enabled,
  });
}

export function useAssistantTools(enabled: boolean) {
  return useQuery({
    queryKey: TOOLS_KEY,
    queryFn: ({ signal }) => apiGet(assistantPaths.tools, pluginListSchema, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** SPEC §4 Assistants: a created one goes first in the cache, an updated one replaces its old self. */
export function putAssistant(queryClient: QueryClient, assistant: Assistant): void {
  updateCachedList<Assistant[]>(queryClient, LIST_KEY, (old) =>
    old ? [assistant, ...old.filter((row) => row.id !== assistant.id)] : [assistant],
  );
}

function replaceAssistant(queryClient: QueryClient, assistant: Assistant): void {
  updateCachedList<Assistant[]>(queryClient, LIST_KEY, (old) =>
    old?.some((row) => row.id === assistant.id)
      ? old.map((row) => (row.id === assistant.id ? assistant : row))
      : [assistant, ...(old ?? [])],
  );
}

export function useCreateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssistantCreateBody) => apiPost(assistantPaths.list, body, assistantSchema),
    onSuccess: (assistant) => putAssistant(queryClient, assistant),
  });
}

export function useUpdateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: Partial<AssistantCreateBody> }) => {
      const response = await apiFetch('PATCH', assistantPaths.one(id), body);
      const text = await response.text();
      if (!response.ok) throw errorFromResponse(response.status, response.statusText, text);
      return parseSuccessBody(response.status, text, assistantSchema);
    },
    onSuccess: (assistant) => replaceAssistant(queryClient, assistant),
  });
}

export function useDeleteAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, model }: { id: string; model: string }) =>
      apiDelete(`${assistantPaths.one(id)}?model=${encodeURIComponent(model)}`, assistantDeletedSchema),
    onSuccess: (_result, { id }) => {
      updateCachedList<Assistant[]>(queryClient, LIST_KEY, (old) => old?.filter((row) => row.id !== id));
      updateCachedList<Action[]>(queryClient, ACTIONS_KEY, (old) =>
        old?.filter((row) => row.assistant_id !== id),
      );
    },
  });
}

/** `POST /api/assistants/avatar/{id}?model=` multipart → the assistant with `metadata.avatar`. */
export function useUploadAssistantAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, model, file }: { id: string; model: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiPost(assistantPaths.avatar(id, model), form, assistantSchema);
    },
    onSuccess: (assistant) => replaceAssistant(queryClient, assistant),
  });
}

export function useUpsertAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assistantId, body }: { assistantId: string; body: ActionSaveBody }) =>
      apiPost(assistantPaths.upsertAction(assistantId), body, actionSaveResponseSchema),
    onSuccess: ([, assistant, action]) => {
      replaceAssistant(queryClient, assistant);
      updateCachedList<Action[]>(queryClient, ACTIONS_KEY, (old) => [
        action,
        ...(old ?? []).filter((row) => row.action_id !== action.action_id),
      ]);
    },
  });
}

/** SPEC §4: deleting an action removes it and the assistant's tools whose name holds its domain. */
export function useDeleteAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ assistantId, action, model }: { assistantId: string; action: Action; model: string }) =>
      apiDelete(assistantPaths.deleteAction(assistantId, action.action_id, model), messageResponseSchema),
    onSuccess: (_result, { action }) => {
      updateCachedList<Action[]>(queryClient, ACTIONS_KEY, (old) =>
        old?.filter((row) => row.action_id !== action.action_id),
      );
      void readAgain(queryClient, { queryKey: LIST_KEY });
    },
  });
}

/**
 * Knowledge: `POST /api/files` with `endpoint=assistants`, `assistant_id` and `message_file=false` (API.md);
 * the file joins the assistant's `file_ids`.
 */
export async function uploadKnowledge(input: {
  file: File;
  assistantId: string;
  model: string;
}): Promise<FileUploadResponse> {
  const form = new FormData();
  form.append('file_id', crypto.randomUUID());
  form.append('endpoint', 'assistants');
  form.append('assistant_id', input.assistantId);
  form.append('model', input.model);
  form.append('message_file', 'false');
  form.append('file', input.file, encodeURIComponent(input.file.name));
  return apiPost(paths.files, form, fileUploadResponseSchema);
}

/** `DELETE /api/files` with `assistant_id`: the file leaves the assistant (and is deleted). */
export async function removeKnowledge(input: { fileId: string; assistantId: string }): Promise<void> {
  const response = await apiFetch('DELETE', paths.files, {
    files: [{ file_id: input.fileId }],
    assistant_id: input.assistantId,
  });
  await response.body?.cancel();
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, '');
}

export function refreshAssistants(queryClient: QueryClient): Promise<void> {
  return readAgain(queryClient, { queryKey: LIST_KEY });
}

/**
 * Reads one assistant again and replaces it in the cache, where it stays in place (a knowledge upload may
 * have changed its tools on the server: a document turns retrieval on).
 */
export async function reloadAssistant(queryClient: QueryClient, id: string): Promise<Assistant> {
  const assistant = await apiGet(assistantPaths.one(id), assistantSchema);
  replaceAssistant(queryClient, assistant);
  return assistant;
}
