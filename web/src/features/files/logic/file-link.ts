/** Where the server serves file contents (SPEC: signed links under `/api/files/content/{file_id}`). */
export const FILE_CONTENT_PREFIX = '/api/files/content/';

const BASE = 'https://parley.invalid';

/**
 * A message file's link, or null when it is not one of the server's content links (defence in depth: a
 * stored `filepath` must never point a link or an `<img>` elsewhere). Checked after URL resolution too, so
 * `..` or encoded dot segments cannot step out of the content path.
 */
export function fileContentLink(filepath: string | null | undefined): string | null {
  if (!filepath?.startsWith(FILE_CONTENT_PREFIX)) return null;
  try {
    const url = new URL(filepath, BASE);
    return url.origin === BASE && url.pathname.startsWith(FILE_CONTENT_PREFIX) ? filepath : null;
  } catch {
    return null;
  }
}
