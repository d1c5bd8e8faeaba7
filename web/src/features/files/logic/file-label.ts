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
