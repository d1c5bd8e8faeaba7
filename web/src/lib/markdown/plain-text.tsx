/**
 * Most chat text has no Markdown in it. Such text renders here, without the Markdown chunk, to the very
 * markup react-markdown would give it: one `<p>` per paragraph. The test is conservative: any character or
 * line start that could mean Markdown (GFM, math, autolinks, entities, raw HTML, hard breaks, indented
 * code) sends the text to the full renderer.
 */
const MARKDOWN_CHARACTER = /[`*_~[\]<>&\\|$#@\r\0]/;
const AUTOLINK = /:\/\/|www\.|mailto:|xmpp:/i;
const HARD_BREAK = / {2,}\n/;
/** A list item, quote, heading underline, thematic break or indented line. */
const BLOCK_START = /^(?:[ \t]+\S|[-+=]|\d{1,9}[.)])/m;
const BLANK_LINES = /\n(?:[ \t]*\n)+/;

export function isPlainText(text: string): boolean {
  return (
    !MARKDOWN_CHARACTER.test(text) &&
    !AUTOLINK.test(text) &&
    !HARD_BREAK.test(text) &&
    !BLOCK_START.test(text)
  );
}

/** The paragraphs of plain text as Markdown sees them: split at blank lines, line ends trimmed. */
export function plainParagraphs(text: string): string[] {
  return text
    .split(BLANK_LINES)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .trim(),
    )
    .filter((paragraph) => paragraph !== '');
}

/** Plain text (see `isPlainText`) as react-markdown would render it. */
export function PlainText({ text }: { text: string }) {
  const paragraphs = plainParagraphs(text);
  return paragraphs.map((paragraph, index) => (
    // The paragraphs of one text never reorder, so their index is a stable key.
    <Paragraph key={index} text={paragraph} last={index === paragraphs.length - 1} />
  ));
}

/** react-markdown separates block elements with a newline text node; so does this. */
function Paragraph({ text, last }: { text: string; last: boolean }) {
  return (
    <>
      <p>{text}</p>
      {last ? null : '\n'}
    </>
  );
}
