// What of an upstream error the user may see: a short line of text, never an HTML page or a JSON dump.

/** The longest error text shown to the user and stored with the reply. */
export const LONGEST_UPSTREAM_MESSAGE = 500;

const HTML_TAG = /<\/?[a-z!][^>]*>/i;
/** Fields vendors and proxies put their human-readable text in, most specific first. */
const MESSAGE_FIELDS = ['message', 'detail', 'error_description', 'error', 'msg', 'title'] as const;

function messageIn(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value;
  if (depth > 3 || typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) return messageIn(value[0], depth + 1);
  for (const field of MESSAGE_FIELDS) {
    const found = messageIn((value as Record<string, unknown>)[field], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `400 {"detail":…}` (the SDKs' text for a body without `error.message`) → `400 …the detail…`. */
function withoutJsonDump(text: string): string {
  const start = text.search(/[{[]/);
  if (start < 0) return text;
  try {
    const body: unknown = JSON.parse(text.slice(start));
    const prefix = text.slice(0, start).trim();
    const inner = messageIn(body);
    const readable = inner === undefined ? 'the provider gave no readable reason' : withoutJsonDump(inner);
    return prefix === '' ? readable : `${prefix} ${readable}`;
  } catch {
    // Plain text with a bracket in it stays; a cut-short dump shows its message field, never the rest.
    if (!/^[{[]\s*["{[]/.test(text.slice(start))) return text;
    const field = /"(?:message|detail|error_description|error)"\s*:\s*"((?:[^"\\]|\\.){1,500})"/.exec(text);
    const prefix = text.slice(0, start).trim();
    const readable = field?.[1] ?? 'the provider gave no readable reason';
    return prefix === '' ? readable : `${prefix} ${readable}`;
  }
}

function withoutMarkup(text: string): string {
  if (!HTML_TAG.test(text)) return text;
  return text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ');
}

/** One readable line of at most LONGEST_UPSTREAM_MESSAGE characters. */
export function sanitizeUpstreamMessage(message: string): string {
  const text = withoutMarkup(withoutJsonDump(message.slice(0, 2_000_000)))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return 'The provider answered with an error and no message.';
  return text.length > LONGEST_UPSTREAM_MESSAGE ? `${text.slice(0, LONGEST_UPSTREAM_MESSAGE - 1)}…` : text;
}
