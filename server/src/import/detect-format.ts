import { PARLEY_EXPORT_FORMAT, PARLEY_EXPORT_VERSION } from '@parley/shared/schemas/export';
import type { ImportFormat } from '@parley/shared/schemas/import';
import { badRequest } from '../lib/errors';
import { isRecord } from './imported-conversation';

export interface DetectedFile {
  format: ImportFormat;
  /** The file's conversations, each still unchecked. */
  conversations: unknown[];
}

const UNRECOGNISED =
  'Unrecognised file: expected a ChatGPT conversations.json, a LibreChat JSON export or a Parley export';

const has = (item: unknown, key: string): boolean => isRecord(item) && key in item;

/**
 * Tells the format from the file's shape: a Parley export names itself (`format: 'parley-export'`); a
 * ChatGPT conversation has a `mapping`; a LibreChat (or single Parley) conversation has `messages`. A file
 * may hold one conversation or a list. Anything else is a 400.
 */
export function detectFormat(body: unknown): DetectedFile {
  if (isRecord(body) && body.format === PARLEY_EXPORT_FORMAT) {
    if (body.version !== PARLEY_EXPORT_VERSION) {
      // Named only when it is a plain value: `String()` of a missing one or an object is no message.
      const { version } = body;
      const named =
        typeof version === 'number' || typeof version === 'string' ? ` ${String(version).slice(0, 40)}` : '';
      throw badRequest(`Unsupported Parley export version${named}: expected ${PARLEY_EXPORT_VERSION}`);
    }
    if (!Array.isArray(body.conversations)) throw badRequest('Parley export without "conversations"');
    return { format: 'parley', conversations: body.conversations };
  }
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 0) throw badRequest('The file holds no conversations');
  if (list.some((item) => has(item, 'mapping'))) return { format: 'chatgpt', conversations: list };
  if (list.some((item) => has(item, 'messages'))) return { format: 'librechat', conversations: list };
  throw badRequest(UNRECOGNISED);
}
