import { paths } from '@parley/shared/api/paths';
import { IMPORT_BODY_LIMIT, importResultSchema, type ImportResult } from '@parley/shared/schemas/import';
import { apiFetch, apiPost, errorFromResponse } from '../../../lib/api-client';

export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
  constructor(readonly reason: 'too_large' | 'not_json') {
    super(reason);
  }
}

/**
 * Sends an export file (ChatGPT `conversations.json`, LibreChat or Parley JSON) to be imported, as it is:
 * the server parses it (in a worker), so a 40 MB file never freezes the tab. What is plainly not JSON (it
 * does not start with `{` or `[`) is told here.
 */
export async function importConversationsFile(file: File): Promise<ImportResult> {
  if (file.size > IMPORT_BODY_LIMIT) throw new ImportFileError('too_large');
  const start = (await file.slice(0, 64).text()).replace(/^\uFEFF/, '').trimStart();
  if (!start.startsWith('{') && !start.startsWith('[')) throw new ImportFileError('not_json');
  return apiPost(paths.convosImport, file, importResultSchema);
}

/** "Download all my data": the server's export file, saved as it names it. */
export async function fetchFullExport(): Promise<{ blob: Blob; filename: string }> {
  const response = await apiFetch('GET', paths.convosExport, undefined);
  if (!response.ok) throw errorFromResponse(response.status, response.statusText, await response.text());
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'parley-export.json';
  return { blob: await response.blob(), filename };
}
