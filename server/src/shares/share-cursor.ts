import type { ShareCursor } from './repo';

const CURSOR = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?[+-]\d\d(?::\d\d)?)\|([A-Za-z0-9_-]{22})$/;

/** The list's opaque cursor: where the previous page ended, base64url. */
export const encodeShareCursor = (cursor: ShareCursor): string =>
  Buffer.from(`${cursor.createdAt}|${cursor.shareId}`).toString('base64url');

/** A cursor of ours, or null for anything else. */
export function decodeShareCursor(text: string): ShareCursor | null {
  const match = CURSOR.exec(Buffer.from(text, 'base64url').toString());
  return match?.[1] && match[2] ? { createdAt: match[1], shareId: match[2] } : null;
}
