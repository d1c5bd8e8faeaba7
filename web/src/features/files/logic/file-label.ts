/** The short format shown on a document chip: the extension ("PDF"), else the MIME subtype. */
export function fileFormatLabel(filename: string, type: string | undefined): string {
  const dot = filename.lastIndexOf('.');
  if (dot > 0 && dot < filename.length - 1) return filename.slice(dot + 1).toUpperCase();
  const subtype = type
    ?.split('/')[1]
    ?.replace(/^(x-|vnd\.)/, '')
    .split(/[;+]/)[0];
  return subtype ? subtype.toUpperCase() : '';
}

/** Names up to this length are never split. */
const SHORT_NAME = 12;

/**
 * A long name in two parts for a narrow row: the head may be cut with an ellipsis, the tail — the extension
 * and the four characters before it — always shows, so `report-v2.txt` and `report-v3.txt` stay apart.
 */
export function splitFilename(filename: string): { head: string; tail: string } {
  if (filename.length <= SHORT_NAME) return { head: filename, tail: '' };
  const dot = filename.lastIndexOf('.');
  const extension = dot > 0 && filename.length - dot <= 8 ? filename.length - dot : 0;
  const cut = filename.length - extension - 4;
  return { head: filename.slice(0, cut), tail: filename.slice(cut) };
}
