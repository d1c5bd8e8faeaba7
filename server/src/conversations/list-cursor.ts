import type { ListKey } from './repo';
import { isUuidLike } from './uuid-like';

/**
 * Where a keyset page of `GET /api/convos` resumes: among the pinned conversations (`key.updatedAt` holds the
 * pin time) or among the others (by `updatedAt`).
 */
export interface ListPosition {
  pinned: boolean;
  key: ListKey;
}

const PINNED = 'pinned';

/**
 * The opaque `cursor` of `GET /api/convos`: base64url of "<updatedAt to the microsecond> <conversationId>" of
 * the last conversation sent ("pinned <pinnedAt> <conversationId>" while still among the pinned ones). It
 * names a position in the order, not a row, so a page stays right when that conversation has since moved or
 * gone, and conversations updated meanwhile (now at the top) are not repeated.
 */
export function encodeListCursor(position: ListPosition): string {
  const { key } = position;
  const text = `${key.updatedAt} ${key.conversationId}`;
  return Buffer.from(position.pinned ? `${PINNED} ${text}` : text).toString('base64url');
}

const EXACT_ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;

/** The position a cursor names, or null when it is not one `encodeListCursor` can have made. */
export function decodeListCursor(cursor: string): ListPosition | null {
  const parts = Buffer.from(cursor, 'base64url').toString().split(' ');
  const pinned = parts[0] === PINNED;
  const [updatedAt = '', conversationId = '', ...rest] = pinned ? parts.slice(1) : parts;
  const millis = EXACT_ISO.exec(updatedAt)?.[1];
  if (!millis || rest.length > 0 || !isUuidLike(conversationId)) return null;
  // A real instant (no 31 February): Date reads it back the same to the millisecond.
  const date = new Date(`${millis}Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== `${millis}Z`) return null;
  return { pinned, key: { updatedAt, conversationId } };
}
