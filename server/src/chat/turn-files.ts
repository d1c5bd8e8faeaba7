// The files of a turn: the user message's own (checked to be the caller's, saved as its metadata) and, with
// `resendFiles` on, those of earlier user messages in the prompt; each turned into what the model gets.
import type { ChatRequestBody } from '@parley/shared/schemas/chat-request';
import type { MessageFile, MessageSource } from '@parley/shared/schemas/message';
import { fileProblemText } from '@parley/shared/files/check-new-files';
import { endpointFileConfig, mergeFileConfig, toMegabytes } from '@parley/shared/files/file-config';
import type { Attachment } from '../files/attachment';
import { AppError } from '../lib/errors';
import type { ImageDetail } from './image-tokens';
import type { AttachmentsPort } from './ports';
import { isVisionImage, toPromptFile, type PromptFile } from './prompt-files';
import type { Turn } from './turn';
import { fitDocuments, type DocumentFile } from './turn-documents';

export interface TurnFiles {
  /** The user message's files as the model gets them, in the order the message lists them. */
  current: PromptFile[];
  /** Metadata of the user message's files, to save on it. */
  metadata: MessageFile[];
  /** Earlier user messages' files as the model gets them, by messageId (empty when `resendFiles` is off). */
  history: Map<string, PromptFile[]>;
  /** Knowledge: the document passages found for the question, saved on the reply. */
  sources: MessageSource[];
  /** The user message's images the model is not shown (`withoutVision: 'name'`), by file name. */
  unseenImages: string[];
}

export interface TurnFilesInput {
  turn: Turn;
  body: ChatRequestBody;
  /** `resendFiles` (default true): false sends only the user message's own files. */
  resendFiles: boolean;
  detail: ImageDetail;
  /** Whether the endpoint's provider can look at images. */
  vision: boolean;
  /**
   * Without vision, the user message's own images are refused (`refuse`, the default: chat endpoints) or
   * named to the model and listed in `unseenImages` (`name`: an assistant, whose run says so).
   */
  withoutVision?: 'refuse' | 'name';
  /** The endpoint as the request names it, for the error message. */
  endpoint: string;
  /** Tokens the turn's documents may take together; larger ones send their best passages. */
  documentBudgetTokens: number;
}

const noTurnFiles = (): TurnFiles => ({
  current: [],
  metadata: [],
  history: new Map(),
  sources: [],
  unseenImages: [],
});

/** What retrieval looks for: the user's text, and the previous question so a follow-up keeps its topic. */
function questionOf(turn: Turn): string {
  const previous = turn.history.findLast((message) => message.isCreatedByUser);
  return previous ? `${turn.userMessage.text}\n${previous.text}` : turn.userMessage.text;
}

/** What GET /api/messages shows for a file; a missing size is left out rather than stored as null. */
export function messageFileOf(attachment: Attachment): MessageFile {
  const { file_id, filename, filepath, type, width, height } = attachment;
  return {
    file_id,
    filename,
    filepath,
    type,
    ...(typeof width === 'number' ? { width } : {}),
    ...(typeof height === 'number' ? { height } : {}),
  };
}

/** The caller's file with that id, if the files service found it. */
type FoundFiles = (fileId: string) => Attachment | undefined;

const historyIdsOf = (turn: Turn): string[] =>
  turn.history.flatMap((message) =>
    message.isCreatedByUser ? (message.files ?? []).map((file) => file.file_id) : [],
  );

/** 404 before anything is saved when the request names a file that is not the caller's. */
function requireNamedFiles(body: ChatRequestBody, turn: Turn, found: FoundFiles) {
  const named = new Set((body.files ?? []).map((file) => file.file_id));
  const missing = turn.userMessage.fileIds.find((id) => named.has(id) && !found(id));
  if (missing !== undefined) {
    throw new AppError(404, 'File not found', { code: 'file_not_found', details: { file_id: missing } });
  }
}

/**
 * An image sent to an endpoint that cannot see it is refused, not silently dropped (an assistant's run names
 * it and says so instead); answers the images the model is not shown.
 */
function requireVision(input: TurnFilesInput, attachments: readonly Attachment[]): string[] {
  if (input.vision) return [];
  const images = attachments.filter(isVisionImage).map((attachment) => attachment.filename);
  if (images.length === 0 || input.withoutVision === 'name') return images;
  throw new AppError(
    400,
    `Unsupported file type for endpoint: ${input.endpoint} cannot read images (${images.join(', ')}).`,
    { code: 'unsupported_file_type', details: { endpoint: input.endpoint, files: images } },
  );
}

/** The endpoint's `fileLimit` and `totalSizeLimit` on the files the user message names (SPEC §5 wording). */
function requireWithinLimits(port: AttachmentsPort, endpoint: string, own: readonly Attachment[]) {
  const limits = endpointFileConfig(port.fileConfig ?? mergeFileConfig(), endpoint);
  if (own.length > limits.fileLimit) {
    throw new AppError(400, fileProblemText({ code: 'file_limit', limit: limits.fileLimit }), {
      code: 'file_limit',
    });
  }
  const total = own.reduce((sum, file) => sum + file.bytes, 0);
  if (total > limits.totalSizeLimit) {
    const megabytes = toMegabytes(limits.totalSizeLimit);
    throw new AppError(400, fileProblemText({ code: 'total_too_large', megabytes }), {
      code: 'total_too_large',
    });
  }
}

const UNREADABLE = 'Error downloading file. The file may have been deleted.';

/** A file whose bytes cannot be read: the user message's own is an error, an earlier one is named only. */
async function readable(
  attachment: Attachment,
  options: { vision: boolean; detail: ImageDetail },
  own: boolean,
): Promise<PromptFile> {
  try {
    return await toPromptFile(attachment, options);
  } catch (error) {
    if (own) {
      throw new AppError(404, UNREADABLE, {
        code: 'file_not_found',
        details: { file_id: attachment.file_id },
        cause: error,
      });
    }
    return { kind: 'named', filename: attachment.filename, mimeType: attachment.type };
  }
}

export async function loadTurnFiles(
  port: AttachmentsPort,
  userId: string,
  input: TurnFilesInput,
): Promise<TurnFiles> {
  const { turn } = input;
  const ownIds = turn.userMessage.fileIds;
  const historyIds = input.resendFiles ? historyIdsOf(turn) : [];
  const wanted = [...new Set([...ownIds, ...historyIds])];
  if (wanted.length === 0) return noTurnFiles();
  // Ids are matched case-insensitively: the files service answers UUIDs in lower case.
  const byId = new Map(
    (await port.attachmentsFor(userId, wanted)).map((file) => [file.file_id.toLowerCase(), file]),
  );
  const found: FoundFiles = (id) => byId.get(id.toLowerCase());
  requireNamedFiles(input.body, turn, found);
  const own = ownIds.flatMap((id) => found(id) ?? []);
  requireWithinLimits(port, input.endpoint, own);
  const unseenImages = requireVision(input, own);

  const options = { vision: input.vision, detail: input.detail };
  const documents: DocumentFile[] = [];
  // One file at a time: a turn's files are never all in memory at once while being read.
  const toPrompt = async (ids: readonly string[], isOwn: boolean): Promise<PromptFile[]> => {
    const files: PromptFile[] = [];
    for (const file of ids.flatMap((id) => found(id) ?? [])) {
      const prompt = await readable(file, options, isOwn);
      const at = files.push(prompt) - 1;
      documents.push({ attachment: file, prompt, replace: (next) => (files[at] = next) });
    }
    return files;
  };
  const current = await toPrompt(ownIds, true);
  const history = new Map<string, PromptFile[]>();
  if (input.resendFiles) {
    const earlier = turn.history.filter((message) => message.isCreatedByUser && message.files?.length);
    for (const message of earlier.reverse()) {
      const files = await toPrompt(
        (message.files ?? []).map((file) => file.file_id),
        false,
      );
      if (files.length > 0) history.set(message.messageId, files);
    }
  }
  const sources = await fitDocuments(port, {
    userId,
    files: documents,
    budgetTokens: input.documentBudgetTokens,
    question: questionOf(turn),
  });
  return { current, metadata: own.map(messageFileOf), history, sources, unseenImages };
}
