import secureJson from 'secure-json-parse';
import type { ImportFailure, ImportFormat } from '@parley/shared/schemas/import';
import { AppError, badRequest } from '../lib/errors';
import { FORBIDDEN_KEYS, sanitizeJson } from '../plugins/json-body-parser';
import { convertChatGptConversation } from './chatgpt';
import { deriveIds, type PreparedConversation } from './derive-ids';
import { detectFormat } from './detect-format';
import { ImportError, isRecord, titleOf, type ImportedConversation } from './imported-conversation';
import { convertLibreChatConversation } from './librechat';

/** A recursive LibreChat export nests two levels per message: a long conversation is deep. */
export const IMPORT_JSON_MAX_DEPTH = 500_000;

const CONVERTERS: Record<ImportFormat, (raw: unknown) => ImportedConversation> = {
  chatgpt: convertChatGptConversation,
  librechat: convertLibreChatConversation,
  parley: convertLibreChatConversation,
};

export interface ReadImportOptions {
  userId: string;
  now: Date;
  /** More messages in the whole file than this is a 413. */
  maxMessages: number;
  /** Messages per insert statement. */
  batchSize: number;
}

/** A file read and converted: every conversation it could read (with its index in the file), and the others. */
export interface ImportPlan {
  format: ImportFormat;
  conversations: Array<{ index: number; conversation: PreparedConversation }>;
  failed: ImportFailure[];
  messages: number;
}

function parseJson(bytes: Uint8Array): unknown {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (error instanceof SyntaxError && /prototype|constructor/i.test(error.message)) {
      throw new AppError(400, FORBIDDEN_KEYS, { code: 'forbidden_json_key' });
    }
    throw badRequest(`The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const tooMany = (max: number) =>
  new AppError(
    413,
    `The file holds more than ${max.toLocaleString('en')} messages, the most one import may hold. ` +
      'Split it into smaller files and import them one by one.',
    { code: 'import_too_many_messages' },
  );

/**
 * Parses an import file (the request body's bytes), tells its format and converts every conversation, with
 * the ids this user's import of it gets. CPU-bound from start to end: the import worker runs it, never the
 * HTTP event loop. 400 for a file that is no JSON or no export, 413 over `maxMessages`.
 */
export function readImportFile(bytes: Uint8Array, options: ReadImportOptions): ImportPlan {
  const body = sanitizeJson(parseJson(bytes), IMPORT_JSON_MAX_DEPTH);
  const { format, conversations: raws } = detectFormat(body);
  const convert = CONVERTERS[format];
  const conversations: ImportPlan['conversations'] = [];
  const failed: ImportFailure[] = [];
  let messages = 0;
  const seen = new Set<string>();
  for (const [index, raw] of raws.entries()) {
    try {
      const converted = convert(raw);
      // A file naming one conversation twice holds two: the repeat is told apart by its place.
      const sourceId = converted.sourceId;
      if (sourceId !== null && seen.has(sourceId)) converted.sourceId = `${sourceId}#${index}`;
      if (sourceId !== null) seen.add(sourceId);
      const conversation = deriveIds(converted, options);
      conversations.push({ index, conversation });
      messages += conversation.messages.length;
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      const title = isRecord(raw) ? titleOf(raw.title) : null;
      failed.push({ index, ...(title ? { title } : {}), reason: error.message });
    }
    // The converted copy is all that is needed from here on.
    raws[index] = null;
    if (messages > options.maxMessages) throw tooMany(options.maxMessages);
  }
  return { format, conversations, failed, messages };
}
