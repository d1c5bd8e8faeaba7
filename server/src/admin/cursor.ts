import { z } from 'zod';
import { AppError } from '../lib/errors';

/** Where a page ended: the sort key of its last row (as PostgreSQL prints it) and the row's id. */
export interface PageCursor {
  key: string;
  id: string;
}

const cursorSchema = z.object({ key: z.string().max(500), id: z.uuid() });
const INVALID = 'This page link is no longer valid; start from the first page.';

export const encodeCursor = (cursor: PageCursor): string =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** A timestamp key as `timeKey` prints it: UTC, microseconds. */
const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** SQL printing a timestamptz column as a cursor key (UTC with microseconds, which a JS Date would lose). */
export const timeKeyFormat = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

const invalid = () => new AppError(400, INVALID, { fields: { cursor: 'is not valid' } });

/** The cursor a previous page answered; `400` for anything else (`time`: its key must be a timestamp). */
export function decodeCursor(text: string, kind: 'time' | 'text'): PageCursor {
  let parsed: PageCursor | undefined;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw invalid();
  }
  if (kind === 'time' && !isTimeKey(parsed.key)) throw invalid();
  return parsed;
}

/** A real instant (no 31 February) in the key format. */
function isTimeKey(key: string): boolean {
  if (!TIME_KEY.test(key)) return false;
  const millis = `${key.slice(0, 23)}Z`;
  const at = new Date(millis);
  return !Number.isNaN(at.getTime()) && at.toISOString() === millis;
}
