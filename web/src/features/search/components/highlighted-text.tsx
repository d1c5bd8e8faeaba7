import { highlightSegments, type HighlightRange } from '@parley/shared/schemas/search';

/** Text with its matched stretches in <mark>, built as React elements from the ranges (never as HTML). */
export function HighlightedText({ text, ranges }: { text: string; ranges: readonly HighlightRange[] }) {
  return (
    <>
      {highlightSegments(text, ranges).map((segment, index) =>
        segment.match ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-px text-inherit dark:bg-amber-500/40">
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
