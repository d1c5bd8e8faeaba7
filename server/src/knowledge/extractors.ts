// The text of a document, by kind. These run inside the extraction worker (see extract-worker.ts): the
// parsers are third-party code fed untrusted bytes, so they never run on the server's event loop.
import { convert as htmlToText } from 'html-to-text';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Segment } from './chunk';
import type { DocumentKind } from './document-kind';

/** Why a stored document has no text the model could read. */
export type NoTextReason = 'empty' | 'encrypted' | 'unreadable' | 'binary' | 'too_slow' | 'too_large';

export class NoTextError extends Error {
  constructor(
    readonly reason: NoTextReason,
    options?: { cause?: unknown },
  ) {
    super(`no extractable text (${reason})`, options);
  }
}

/** Share of a text's sample allowed to be control characters or undecodable bytes before it is binary. */
const MAX_GARBAGE_SHARE = 0.02;
const SAMPLE_CHARACTERS = 65_536;
// Control characters other than tab, line feed, form feed and carriage return, and U+FFFD (bytes that
// are not UTF-8).
// eslint-disable-next-line no-control-regex
const GARBAGE = /[\u0000-\u0008\u000b\u000e-\u001f\u007f\ufffd]/g;

/** UTF-8 text, refused as binary when too much of it is not text (a binary file named `.txt`). */
export function decodeText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
  const sample = text.slice(0, SAMPLE_CHARACTERS);
  const garbage = sample.match(GARBAGE)?.length ?? 0;
  if (sample.length > 0 && garbage / sample.length > MAX_GARBAGE_SHARE) throw new NoTextError('binary');
  return text;
}

/** Lines ends made `\n`, runs of spaces and tabs within a line made one space, trailing spaces gone. */
const tidy = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ +\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

async function pdfPages(bytes: Uint8Array): Promise<Segment[]> {
  let pages: string[];
  try {
    const pdf = await getDocumentProxy(bytes, { stopAtErrors: false });
    pages = (await extractText(pdf, { mergePages: false })).text;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new NoTextError(name === 'PasswordException' ? 'encrypted' : 'unreadable', { cause: error });
  }
  return pages.map((text, index) => ({ page: index + 1, text: tidy(text) }));
}

async function docxText(bytes: Uint8Array): Promise<Segment[]> {
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return [{ text: tidy(result.value) }];
  } catch (error) {
    throw new NoTextError('unreadable', { cause: error });
  }
}

function htmlText(bytes: Uint8Array): Segment[] {
  const text = htmlToText(decodeText(bytes), {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'nav', format: 'skip' },
    ],
  });
  return [{ text: tidy(text) }];
}

/** The document's text in segments (one per PDF page); throws NoTextError when it has none. */
export async function extractSegments(bytes: Uint8Array, kind: DocumentKind): Promise<Segment[]> {
  const segments =
    kind === 'pdf'
      ? await pdfPages(bytes)
      : kind === 'docx'
        ? await docxText(bytes)
        : kind === 'html'
          ? htmlText(bytes)
          : [{ text: decodeText(bytes).replace(/\r\n?/g, '\n') }];
  if (segments.every((segment) => segment.text.trim() === '')) throw new NoTextError('empty');
  return segments;
}

/** Keeps at most `maxCharacters` of the segments' text, cutting the last one kept. */
export function capSegments(segments: readonly Segment[], maxCharacters: number): Segment[] {
  const kept: Segment[] = [];
  let left = maxCharacters;
  for (const segment of segments) {
    if (left <= 0) break;
    kept.push(segment.text.length <= left ? segment : { ...segment, text: segment.text.slice(0, left) });
    left -= segment.text.length;
  }
  return kept;
}
