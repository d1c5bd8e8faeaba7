import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { paths } from '@parley/shared/api/paths';
import {
  fileDeleteResponseSchema,
  fileListSchema,
  fileUploadResponseSchema,
  fileUsageSchema,
  type FileObject,
  type FileUploadResponse,
} from '@parley/shared/schemas/file';
import { apiFetch, apiGet, apiPost, errorFromResponse, parseSuccessBody } from '../../../lib/api-client';
import { updateCachedList } from '../../../lib/update-cached-list';
import type { FileToDelete } from '../logic/delete-batcher';

/** `GET /api/files`: the caller's files, newest first. */
export const filesQuery = queryOptions({
  queryKey: [paths.files],
  queryFn: ({ signal }) => apiGet(paths.files, fileListSchema, { signal }),
});

/** `GET /api/files/usage`: the bytes the caller's files take and the per-user limit. */
export const fileUsageQuery = queryOptions({
  queryKey: [paths.filesUsage],
  queryFn: ({ signal }) => apiGet(paths.filesUsage, fileUsageSchema, { signal }),
});

export interface UploadInput {
  file: File;
  tempId: string;
  endpoint: string;
  width?: number;
  height?: number;
  /** The conversation being written in, when it is saved already. */
  conversationId: string | null;
  image: boolean;
}

/**
 * `POST /api/files` (documents) or `/api/files/images` as multipart: the text fields first so the server
 * knows them before the bytes arrive, then the `file` part under its URL-encoded name (SPEC §7).
 */
export function uploadFile(input: UploadInput): Promise<FileUploadResponse> {
  const form = new FormData();
  form.append('file_id', input.tempId);
  form.append('endpoint', input.endpoint);
  if (input.conversationId) form.append('conversationId', input.conversationId);
  if (input.width !== undefined && input.height !== undefined) {
    form.append('width', String(input.width));
    form.append('height', String(input.height));
  }
  form.append('file', input.file, encodeURIComponent(input.file.name));
  return apiPost(input.image ? paths.filesImages : paths.files, form, fileUploadResponseSchema);
}

/** `DELETE /api/files` with a body (the shared client's DELETE sends none). */
export async function deleteFiles(files: readonly FileToDelete[]): Promise<void> {
  const response = await apiFetch('DELETE', paths.files, { files });
  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, text);
  parseSuccessBody(response.status, text, fileDeleteResponseSchema);
}

/** SPEC §4: an upload goes to the front of the files list, one row per file id. */
export function addToFilesCache(queryClient: QueryClient, file: FileObject): void {
  updateCachedList<FileObject[]>(queryClient, [paths.files], (old) =>
    old ? [file, ...old.filter((row) => row.file_id !== file.file_id)] : old,
  );
}

/** SPEC §4: deleted files leave the cache. */
export function removeFromFilesCache(queryClient: QueryClient, fileIds: readonly string[]): void {
  const gone = new Set(fileIds);
  updateCachedList<FileObject[]>(queryClient, [paths.files], (old) =>
    old?.filter((row) => !gone.has(row.file_id)),
  );
}
