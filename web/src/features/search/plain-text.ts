import type { HighlightRange } from '@parley/shared/schemas/search';

/**
 * A message's Markdown as the words a reader sees (issue 16 item 12): heading, quote and list markers,
 * emphasis, strike-through and code marks, code fences and link targets are dropped (a link or image keeps
 * its text), line breaks and runs of spaces become one space. The highlight ranges, found by the server in
 * the Markdown, move with the text; a range of syntax only disappears.
 */
export function markdownToPlain(
  markdown: string,
  ranges: readonly HighlightRange[],
): { text: string; ranges: HighlightRange[] } {
  // kept[i] is the index in `markdown` of the i-th character of the result.
  const out: string[] = [];
  const kept: number[] = [];
  const keep = (index: number, char = markdown[index] ?? '') => {
    const isSpace = /\s/.test(char);
    if (isSpace && (out.length === 0 || out[out.length - 1] === ' ')) return;
    out.push(isSpace ? ' ' : char);
    kept.push(index);
  };

  let index = 0;
  let lineStart = true;
  let inFence: string | null = null;
  // Where a link's "](target)" starts, and its length, to drop it once its text has been read.
  const closers = new Map<number, number>();
  while (index < markdown.length) {
    if (lineStart) {
      lineStart = false;
      const lineEnd = markdown.indexOf('\n', index);
      const line = markdown.slice(index, lineEnd === -1 ? markdown.length : lineEnd);
      const fence = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fence?.[1] && (inFence === null || fence[1].startsWith(inFence))) {
        // A fence line (with its language) shows nothing; the code between fences is kept as it is.
        inFence = inFence === null ? fence[1] : null;
        index += line.length;
        keep(index, ' ');
        index += 1;
        lineStart = true;
        continue;
      }
      if (inFence !== null) {
        for (let offset = 0; offset < line.length; offset += 1) keep(index + offset);
        index += line.length;
        keep(index, ' ');
        index += 1;
        lineStart = true;
        continue;
      }
      if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line) || /^\s*\|?[\s:|-]*-[\s:|-]*$/.test(line)) {
        // A thematic break or a table's delimiter row.
        index += line.length;
        continue;
      }
      const marker = /^\s*(?:>\s?)*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)?/.exec(line);
      index += marker?.[0].length ?? 0;
      continue;
    }

    const closer = closers.get(index);
    if (closer !== undefined) {
      index += closer;
      continue;
    }
    const char = markdown[index] ?? '';
    const rest = markdown.slice(index);

    if (char === '\n') {
      keep(index);
      index += 1;
      lineStart = true;
      continue;
    }
    if (char === '\\' && /^\\[\\`*_{}[\]()#+\-.!~|>]/.test(rest)) {
      keep(index + 1);
      index += 2;
      continue;
    }
    // Links and images: [text](target) or ![alt](target) keep their text; the brackets and target go.
    const link = /^(!?\[)([^\]\n]*)(\]\([^)\s]*(?:\s+"[^"\n]*")?\))/.exec(rest);
    if (link?.[1] && link[3]) {
      // The text between the brackets goes through this loop too (it may hold emphasis or code).
      closers.set(index + link[1].length + (link[2]?.length ?? 0), link[3].length);
      index += link[1].length;
      continue;
    }
    const autolink = /^<((?:https?|mailto):[^>\s]+)>/.exec(rest);
    if (autolink?.[1]) {
      for (let offset = 1; offset <= autolink[1].length; offset += 1) keep(index + offset);
      index += autolink[0].length;
      continue;
    }
    if (char === '`') {
      const run = /^`+/.exec(rest)?.[0].length ?? 1;
      index += run;
      continue;
    }
    if (char === '*' || char === '~' || char === '_') {
      const run = new RegExp(`^\\${char}+`).exec(rest)?.[0].length ?? 1;
      const before = markdown[index - 1] ?? ' ';
      const after = markdown[index + run] ?? ' ';
      const flanking = !/\s/.test(after) || !/\s/.test(before);
      // snake_case keeps its underscores; a lone "~" or "a * b" stays as written.
      const intraword = char === '_' && /\w/.test(before) && /\w/.test(after);
      const tooShort = char === '~' && run < 2;
      if (flanking && !intraword && !tooShort) {
        index += run;
        continue;
      }
      for (let offset = 0; offset < run; offset += 1) keep(index + offset);
      index += run;
      continue;
    }
    if (char === '|') {
      keep(index, ' ');
      index += 1;
      continue;
    }
    keep(index);
    index += 1;
  }

  while (out.length > 0 && out[out.length - 1] === ' ') {
    out.pop();
    kept.pop();
  }
  return { text: out.join(''), ranges: moveRanges(kept, ranges) };
}

/** Each range becomes the stretch of kept characters that came from inside it; empty ones are dropped. */
function moveRanges(kept: readonly number[], ranges: readonly HighlightRange[]): HighlightRange[] {
  const moved: HighlightRange[] = [];
  for (const range of ranges) {
    let start = -1;
    let end = -1;
    for (let position = 0; position < kept.length; position += 1) {
      const source = kept[position] ?? -1;
      if (source >= range.start && source < range.end) {
        if (start === -1) start = position;
        end = position + 1;
      }
    }
    if (start !== -1) moved.push({ start, end });
  }
  return moved;
}
