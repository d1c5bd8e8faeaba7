/**
 * A guess at a message row's height before it is measured, for the virtualised list: the closer the guess,
 * the less the list corrects its scroll position (and renders again) as rows above the view get measured.
 * Figures follow the row's layout: padding, sender line, footer, 15 px text at a 1.625 line height, code
 * at 13 px in a block with a header.
 */
const ROW_CHROME_PX = 32 + 24 + 32;
const TEXT_LINE_PX = 24.4;
const CODE_LINE_PX = 21.2;
const CODE_BLOCK_CHROME_PX = 32 + 30 + 32;
const PARAGRAPH_GAP_PX = 19;
/** The average advance of a character of 15 px text. */
const CHAR_PX = 7.2;
/** The text column: the row is at most 768 px wide, less its padding, the avatar and the gap. */
const ROW_MAX_PX = 768;
const ROW_INSET_PX = 48 + 28 + 12;
const MIN_TEXT_PX = 120;

export function textColumnWidth(listWidth: number): number {
  return Math.max(MIN_TEXT_PX, Math.min(listWidth, ROW_MAX_PX) - ROW_INSET_PX);
}

export function estimateRowHeight(text: string, columnPx: number): number {
  const charsPerLine = Math.max(1, Math.floor(columnPx / CHAR_PX));
  let height = ROW_CHROME_PX;
  let inCode = false;
  let textLines = 0;
  let previousBlank = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inCode = !inCode;
      if (inCode) height += CODE_BLOCK_CHROME_PX;
      continue;
    }
    if (inCode) {
      height += CODE_LINE_PX;
      continue;
    }
    const blank = line.trim() === '';
    if (blank) {
      if (!previousBlank && textLines > 0) height += PARAGRAPH_GAP_PX;
    } else {
      const lines = Math.ceil(line.length / charsPerLine);
      textLines += lines;
      height += lines * TEXT_LINE_PX;
    }
    previousBlank = blank;
  }
  return Math.round(textLines === 0 && height === ROW_CHROME_PX ? height + TEXT_LINE_PX : height);
}

/** Where the view starts when a thread opens: at its end, or at the start of its latest message. */
export function openingOffset(
  count: number,
  estimate: (index: number) => number,
  atEnd: boolean,
  viewHeight: number,
): number {
  if (count === 0) return 0;
  let start = 0;
  for (let index = 0; index < count - 1; index += 1) start += estimate(index);
  // A view taller than the latest message cannot start at it: it stops at the end.
  const end = Math.max(0, start + estimate(count - 1) - viewHeight);
  return atEnd ? end : Math.min(start, end);
}
