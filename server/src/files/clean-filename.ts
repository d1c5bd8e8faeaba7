import { LONE_SURROGATE } from '../lib/storable-text';

/** The longest file name kept (in characters); a longer one is shortened before its extension. */
export const MAX_FILENAME_LENGTH = 255;
/** An extension up to this long survives shortening (`.docx`, `.tar.gz` parts …); a longer one is cut too. */
const MAX_KEPT_EXTENSION = 16;

/**
 * Characters a file name never keeps: C0 and C1 controls, and the invisible direction marks and overrides
 * that can make `invoice‮fdp.exe` read as `invoiceexe.pdf`.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/g;

function shorten(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= MAX_FILENAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (extension.length < 2 || extension.length > MAX_KEPT_EXTENSION) {
    return chars.slice(0, MAX_FILENAME_LENGTH).join('').trimEnd();
  }
  const stem = Array.from(name.slice(0, dot)).slice(0, MAX_FILENAME_LENGTH - extension.length);
  return `${stem.join('').trimEnd()}${extension.join('')}`;
}

/**
 * A client-sent name as a plain file name: URL-decoded (the web client encodes it), without any path, control
 * or direction characters, at most 255 characters (its extension kept); `file` when nothing is left.
 */
export function cleanFilename(raw: string): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Not encoded after all: keep it as sent.
  }
  const base = name.replace(LONE_SURROGATE, '\uFFFD').split(/[/\\]/).at(-1) ?? '';
  const clean = shorten(base.replace(UNSAFE, '').trim());
  return /^\.*$/.test(clean) ? 'file' : clean;
}
