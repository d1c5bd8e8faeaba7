import type { Page } from '@playwright/test';

interface FileRow {
  file_id: string;
  filename: string;
}

const isFileRow = (value: unknown): value is FileRow =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FileRow).file_id === 'string' &&
  typeof (value as FileRow).filename === 'string';

/**
 * What the page had the server delete (`DELETE /api/files`, answered 200), by file name, in order: the
 * positive signal that a batch of removals went out, instead of sleeping past SPEC §4's one-second batch. The
 * names come from the uploads and file lists the page received (a file id stands for a name never seen).
 */
export function watchFileDeletions(page: Page): { deleted: () => string[] } {
  const names = new Map<string, string>();
  const deletedIds: string[] = [];
  page.on('response', async (response) => {
    const request = response.request();
    if (!new URL(response.url()).pathname.startsWith('/api/files')) return;
    if (request.method() === 'DELETE') {
      if (response.status() !== 200) return;
      const body = request.postDataJSON() as { files?: { file_id: string }[] } | null;
      for (const file of body?.files ?? []) deletedIds.push(file.file_id);
      return;
    }
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    try {
      const json: unknown = await response.json();
      for (const row of Array.isArray(json) ? json : [json])
        if (isFileRow(row)) names.set(row.file_id, row.filename);
    } catch {
      // A body the page navigated away from: nothing to learn from it.
    }
  });
  return { deleted: () => deletedIds.map((id) => names.get(id) ?? id) };
}
