import { lazy, Suspense } from 'react';
import type { MarkdownProps } from './markdown';

const Markdown = lazy(() => import('./markdown'));

/** Warms the Markdown chunk (e.g. when a conversation with replies opens) so replies render at once. */
export function preloadMarkdown(): void {
  void import('./markdown');
}

/** Markdown from its own lazy chunk; until it arrives the text shows as plain, wrapped text. */
export function LazyMarkdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap">{props.text}</p>}>
      <Markdown {...props} />
    </Suspense>
  );
}
