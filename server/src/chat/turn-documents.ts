// Knowledge in a chat turn: the documents of a turn that fit the budget (a share of the model's context) go
// whole; larger ones send the passages that best match the question (the user's text and the previous
// question, for follow-ups). The passages found become the reply's sources.
import type { MessageSource } from '@parley/shared/schemas/message';
import type { Attachment } from '../files/attachment';
import type { AttachmentsPort } from './ports';
import type { PromptFile, PromptPassage } from './prompt-files';

/** Share of the prompt's room (context window minus the reply) that documents may take together. */
export const DOCUMENT_SHARE = 0.5;
/** A conservative characters-per-token ratio: counting a 500,000-character document exactly costs too much. */
const CHARACTERS_PER_TOKEN = 3;
/** Passages retrieval gives a turn (over all its large documents). */
export const PASSAGES_PER_TURN = 6;
/** Characters of a passage shown as a source's snippet. */
const SNIPPET_CHARACTERS = 240;

export interface DocumentFile {
  attachment: Attachment;
  /** Where its PromptFile sits, to replace it with passages. */
  replace: (file: PromptFile) => void;
  prompt: PromptFile;
}

export interface TurnDocumentsInput {
  userId: string;
  /** The turn's files in prompt order (the user message's first, then earlier ones). */
  files: readonly DocumentFile[];
  budgetTokens: number;
  question: string;
}

/** Where the passage first mentions a word of the question (words of 4 letters or more), else 0. */
function firstMention(flat: string, question: string): number {
  const lower = flat.toLowerCase();
  const positions = (question.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [])
    .map((word) => lower.indexOf(word))
    .filter((at) => at >= 0);
  return positions.length > 0 ? Math.min(...positions) : 0;
}

/** Up to SNIPPET_CHARACTERS of the passage around the first mention of the question, on one line. */
export function snippetOf(text: string, question: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARACTERS) return flat;
  const start = Math.max(0, Math.min(firstMention(flat, question) - 60, flat.length - SNIPPET_CHARACTERS));
  const end = start + SNIPPET_CHARACTERS;
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/** The beginning of a document, when no passage of it matched the question. */
const openingOf = (text: string): PromptPassage[] =>
  text.trim() === '' ? [] : [{ page: null, line: null, text: text.slice(0, 1500) }];

/** Fits the documents into the budget (replacing large ones by passages) and answers the reply's sources. */
export async function fitDocuments(
  port: AttachmentsPort,
  input: TurnDocumentsInput,
): Promise<MessageSource[]> {
  const indexed = input.files.filter(
    (file) => file.attachment.textState === 'indexed' && file.prompt.kind === 'document',
  );
  if (indexed.length === 0 || !port.searchPassages) return [];
  let left = input.budgetTokens;
  const large: DocumentFile[] = [];
  for (const file of indexed) {
    const tokens = Math.ceil((file.attachment.text ?? '').length / CHARACTERS_PER_TOKEN);
    if (tokens <= left) left -= tokens;
    else large.push(file);
  }
  const ids = [...new Set(indexed.map((file) => file.attachment.file_id))];
  const passages = await port.searchPassages(input.userId, ids, input.question, PASSAGES_PER_TURN);
  for (const file of large) {
    const own = passages.filter((passage) => passage.fileId === file.attachment.file_id);
    file.replace({
      kind: 'passages',
      filename: file.attachment.filename,
      passages: own.length > 0 ? own : openingOf(file.attachment.text ?? ''),
    });
  }
  const names = new Map(indexed.map((file) => [file.attachment.file_id, file.attachment.filename]));
  return passages.map((passage) => ({
    file_id: passage.fileId,
    filename: names.get(passage.fileId) ?? '',
    ...(passage.page !== null ? { page: passage.page } : {}),
    snippet: snippetOf(passage.text, input.question),
  }));
}
