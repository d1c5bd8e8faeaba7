// A conversation's title taken from its first message: what the chat falls back to when no title is generated,
// and what a kept temporary chat (never titled while temporary) is named by.

/** Longest title taken from the first message; longer text is cut at a word boundary and ends with "…". */
export const MESSAGE_TITLE_MAX_CHARS = 60;

/**
 * A title from the conversation's first message, for when no generated title comes (the first reply was
 * stopped or failed, title generation is off or failed): its first non-empty line, spaces collapsed, cut to
 * {@link MESSAGE_TITLE_MAX_CHARS} at a word boundary when there is one late enough.
 */
export function titleFromMessage(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .map((piece) => piece.replace(/\s+/gu, ' ').trim())
      .find((piece) => piece !== '') ?? '';
  const chars = Array.from(line);
  if (chars.length <= MESSAGE_TITLE_MAX_CHARS) return line;
  const cut = chars.slice(0, MESSAGE_TITLE_MAX_CHARS - 1).join('');
  const space = cut.lastIndexOf(' ');
  const head = space >= MESSAGE_TITLE_MAX_CHARS / 2 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s.,;:!?-]+$/u, '')}…`;
}
