/** Where the server serves file contents (SPEC: signed links under `/api/files/content/{file_id}`). */
export const FILE_CONTENT_PREFIX = '/api/files/content/';

/** A file copied into a share link, served only through it (`/api/share/{shareId}/files/{fileId}`). */
const SHARE_FILE_PATH = /^\/api\/share\/[A-Za-z0-9_-]{22}\/files\/[0-9a-f-]{36}(?:\?|$)/;

const BASE = 'https://parley.invalid';

/**
 * A message file's link, or null when it is not one of the server's content links (defence in depth: a
 * stored `filepath` must never point a link or an `<img>` elsewhere). Checked after URL resolution too, so
 * `..` or encoded dot segments cannot step out of the content path.
 */
export function fileContentLink(filepath: string | null | undefined): string | null {
  if (!filepath || !(filepath.startsWith(FILE_CONTENT_PREFIX) || SHARE_FILE_PATH.test(filepath))) return null;
  try {
    const url = new URL(filepath, BASE);
    const own = url.pathname.startsWith(FILE_CONTENT_PREFIX) || SHARE_FILE_PATH.test(url.pathname);
    return url.origin === BASE && own ? filepath : null;
  } catch {
    return null;
  }
}
