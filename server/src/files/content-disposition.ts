import { LONE_SURROGATE } from '../lib/storable-text';
/** RFC 5987 percent-encoding (what `filename*` takes): everything but attr-chars. */
const encodeRfc5987 = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (or `inline`): an ASCII fallback for old clients and the
 * exact UTF-8 name for the rest. Quotes, backslashes and control characters never reach the header.
 */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  const wellFormed = filename.replace(LONE_SURROGATE, '\uFFFD');
  const fallback = wellFormed.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(wellFormed)}`;
}

/** JSON any HTTP header can carry: every character outside printable ASCII written as `\uXXXX`. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
