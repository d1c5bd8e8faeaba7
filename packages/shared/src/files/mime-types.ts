/**
 * MIME type knowledge shared by the web client and the server: what an extension means, which types are
 * images Parley resizes and shows inline, and which types hold plain text worth extracting.
 */

/** The default allowed types (SPEC §5 "Files"), as RegExp sources: text, code, office, pdf, csv, json, xml, zip, tar, epub, images. */
export const TEXT_MIME_PATTERN =
  '^text/(plain|markdown|x-markdown|csv|tab-separated-values|html|css|javascript|xml|x-c|x-c\\+\\+|x-csharp|x-java|x-kotlin|x-scala|x-swift|x-go|x-rust|x-php|x-python|x-script\\.python|x-ruby|x-perl|x-lua|x-r|x-sql|x-sh|x-tex|x-typescript|x-yaml|yaml|rtf)$';
export const OFFICE_MIME_PATTERN =
  '^application/(msword|vnd\\.ms-excel|vnd\\.ms-powerpoint|vnd\\.openxmlformats-officedocument\\.(wordprocessingml\\.document|spreadsheetml\\.sheet|presentationml\\.presentation)|vnd\\.oasis\\.opendocument\\.(text|spreadsheet|presentation)|rtf)$';
export const APPLICATION_MIME_PATTERN =
  '^application/(pdf|json|xml|csv|zip|x-tar|gzip|x-gzip|epub\\+zip|typescript|x-typescript|javascript|x-sh|x-yaml|yaml|sql|x-python|x-httpd-php)$';
export const IMAGE_MIME_PATTERN = '^image/(jpeg|gif|png|webp)$';

export const DEFAULT_SUPPORTED_MIME_TYPES: readonly string[] = [
  TEXT_MIME_PATTERN,
  OFFICE_MIME_PATTERN,
  APPLICATION_MIME_PATTERN,
  IMAGE_MIME_PATTERN,
];

/** Extension → MIME type. Browsers often get code files wrong (`.ts` as video/mp2t) or leave the type empty. */
const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  jsx: 'text/javascript',
  ts: 'application/typescript',
  tsx: 'application/typescript',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/x-yaml',
  yml: 'application/x-yaml',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  cc: 'text/x-c++',
  hpp: 'text/x-c++',
  cs: 'text/x-csharp',
  java: 'text/x-java',
  kt: 'text/x-kotlin',
  scala: 'text/x-scala',
  swift: 'text/x-swift',
  go: 'text/x-go',
  rs: 'text/x-rust',
  php: 'text/x-php',
  py: 'text/x-python',
  rb: 'text/x-ruby',
  pl: 'text/x-perl',
  lua: 'text/x-lua',
  r: 'text/x-r',
  sql: 'application/sql',
  sh: 'application/x-sh',
  tex: 'text/x-tex',
  rtf: 'application/rtf',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  epub: 'application/epub+zip',
  zip: 'application/zip',
  tar: 'application/x-tar',
  gz: 'application/gzip',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Lower-case type without parameters (`Text/Plain; charset=utf-8` → `text/plain`). */
export function normalizeMimeType(type: string | null | undefined): string {
  return (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function extensionOf(filename: string): string | undefined {
  const dot = filename.lastIndexOf('.');
  if (dot < 0 || dot === filename.length - 1) return undefined;
  return filename.slice(dot + 1).toLowerCase();
}

/**
 * The type Parley judges a file by: the extension map's type when it knows the extension (it wins when the
 * browser's differs), else the browser's type. `undefined` when neither says anything useful.
 */
export function inferMimeType(filename: string, browserType?: string | null): string | undefined {
  const extension = extensionOf(filename);
  const known =
    extension !== undefined && Object.hasOwn(EXTENSION_TYPES, extension)
      ? EXTENSION_TYPES[extension]
      : undefined;
  if (known) return known;
  const given = normalizeMimeType(browserType);
  if (given === '' || given === 'application/octet-stream') return undefined;
  return given;
}

const IMAGE_TYPE = new RegExp(IMAGE_MIME_PATTERN);

/** Raster images Parley resizes, converts and shows inline: jpeg, gif, png and webp. */
export function isImageType(type: string | null | undefined): boolean {
  return IMAGE_TYPE.test(normalizeMimeType(type));
}

const TEXT_LIKE_TYPE =
  /^(text\/.+|application\/(json|xml|csv|typescript|x-typescript|javascript|x-sh|x-yaml|yaml|sql|x-python|x-httpd-php))$/;

/** Types whose bytes are plain text a model can read (text, code, json, csv, xml); not pdf or office. */
export function isTextLikeType(type: string | null | undefined): boolean {
  return TEXT_LIKE_TYPE.test(normalizeMimeType(type));
}

/** Whether a type matches one of the RegExp sources (invalid ones never match). */
export function isSupportedMimeType(type: string, supportedMimeTypes: readonly string[]): boolean {
  const normalized = normalizeMimeType(type);
  return supportedMimeTypes.some((source) => {
    const pattern = compilePattern(source);
    return pattern !== undefined && pattern.test(normalized);
  });
}

/** A RegExp from a source string, or `undefined` when the source is not a valid pattern. */
export function compilePattern(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}
