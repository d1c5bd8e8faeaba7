import { paths } from '@parley/shared/api/paths';
import { IMPORT_BODY_LIMIT, importResultSchema, type ImportResult } from '@parley/shared/schemas/import';
import { apiFetch, apiPost, errorFromResponse } from '../../../lib/api-client';

export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
  constructor(readonly reason: 'too_large' | 'not_json') {
    super(reason);
  }
}

/** Sends an export file (ChatGPT `conversations.json`, LibreChat or Parley JSON) to be imported. */
export async function importConversationsFile(file: File): Promise<ImportResult> {
  if (file.size > IMPORT_BODY_LIMIT) throw new ImportFileError('too_large');
  let body: unknown;
  try {
    body = JSON.parse(await file.text());
  } catch {
    throw new ImportFileError('not_json');
  }
  return apiPost(paths.convosImport, body, importResultSchema);
}

/** "Download all my data": the server's export file, saved as it names it. */
export async function fetchFullExport(): Promise<{ blob: Blob; filename: string }> {
  const response = await apiFetch('GET', paths.convosExport, undefined);
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, await response.text());
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'parley-export.json';
  return { blob: await response.blob(), filename };
}
