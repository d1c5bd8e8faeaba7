import { lazy, Suspense, useEffect, useState } from 'react';
import { idleQueue } from './idle-queue';
import type * as MarkdownChunk from './markdown';
import type { MarkdownProps } from './markdown';
import { isPlainText, PlainText } from './plain-text';

type MarkdownModule = typeof MarkdownChunk;

let loaded: MarkdownModule | null = null;
const loadMarkdown = (): Promise<MarkdownModule> =>
  import('./markdown').then((module) => {
    loaded = module;
    return module;
  });

const Markdown = lazy(loadMarkdown);

let preloading = false;

/**
 * Warms the Markdown chunk (e.g. when a conversation with replies opens) so replies render at once. It
 * loads in an idle moment: fetching and evaluating it must not hold up the rows being opened.
 */
export function preloadMarkdown(): void {
  if (preloading || loaded) return;
  preloading = true;
  idleQueue.schedule(() => void loadMarkdown());
}

export interface LazyMarkdownProps extends MarkdownProps {
  /**
   * Show the text plainly first and render its Markdown in an idle moment (rows mounted while scrolling,
   * so a scroll never waits for parsing). Text rendered before stays rendered, so no flicker.
   */
  defer?: boolean;
}

/** Plain, wrapped text: what Markdown shows until it is rendered. */
function Unrendered({ text }: { text: string }) {
  return <p className="whitespace-pre-wrap">{text}</p>;
}

/**
 * Markdown from its own lazy chunk; until it arrives the text shows as plain, wrapped text. Text without
 * any Markdown in it renders at once to the same markup, without the chunk.
 */
export function LazyMarkdown({ text, latex, defer = false }: LazyMarkdownProps) {
  if (isPlainText(text)) return <PlainText text={text} />;
  return <MarkdownWhenReady text={text} latex={latex} defer={defer} />;
}

function MarkdownWhenReady({ text, latex, defer }: Required<LazyMarkdownProps>) {
  const [ready, setReady] = useState(() => !defer || loaded?.isMarkdownCached(text, latex) === true);

  useEffect(() => {
    if (ready) return;
    return idleQueue.schedule(() => {
      // The parsing happens here, in an idle task of its own; the render that follows reads the cache.
      loaded?.renderMarkdown(text, latex);
      setReady(true);
    });
    // Only the first text waits: once shown as Markdown, a row keeps rendering it at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [ready]);

  if (!ready) return <Unrendered text={text} />;
  return (
    <Suspense fallback={<Unrendered text={text} />}>
      <Markdown text={text} latex={latex} />
    </Suspense>
  );
}
