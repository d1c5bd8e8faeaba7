import 'katex/dist/katex.min.css';
import './markdown.css';
import { memo, type ReactElement, type ReactNode } from 'react';
import renderWithReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CodeBlock } from './code-block';
import { MarkdownImage } from './markdown-image';
import { RenderCache } from './render-cache';
import { safeUrl } from './safe-url';

export interface MarkdownProps {
  text: string;
  /** SPEC §2 LaTeXParsing: `$…$` and `$$…$$` render as math. */
  latex: boolean;
}

/** The text content of a hast-rendered subtree (for copying a code block). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) {
    return textOf((node as ReactElement<{ children?: ReactNode }>).props.children);
  }
  return '';
}

const components: Components = {
  a: ({ href, children }) => {
    const safe = href ? safeUrl(href, 'link') : '';
    if (!safe) return <span className="underline decoration-dotted">{children}</span>;
    return (
      <a href={safe} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  },
  img: ({ src, alt }) => <MarkdownImage src={src} alt={alt} />,
  pre: ({ children }) => {
    const code = Array.isArray(children) ? children[0] : children;
    const className =
      code && typeof code === 'object' && 'props' in code
        ? ((code as ReactElement<{ className?: string }>).props.className ?? '')
        : '';
    const language = /language-([\w+#.-]+)/.exec(className)?.[1] ?? '';
    return (
      <CodeBlock language={language} code={textOf(children).replace(/\n$/, '')}>
        {children}
      </CodeBlock>
    );
  },
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table>{children}</table>
    </div>
  ),
};

/**
 * rehype-highlight registers its ~40 languages each time its plugin is attached, and react-markdown builds a
 * new processor (attaching every plugin) for each text it renders: that registration was most of the cost
 * of a row. The transformer it returns keeps no per-document state, so one instance serves every text.
 */
const highlightTransformer = rehypeHighlight({ detect: false });
const highlightCode = () => highlightTransformer;

const remarkBase = [remarkGfm];
const remarkWithMath = [remarkGfm, remarkMath];
const rehypeBase = [highlightCode];
const rehypeWithMath = [highlightCode, [rehypeKatex, { throwOnError: false, strict: 'ignore' }]] as const;

/** Rendered elements per text: a row scrolled out of view and back renders without parsing again. */
const rendered = new RenderCache<ReactElement>(500);
const cacheKey = (text: string, latex: boolean) => `${latex ? 'm' : 't'}:${text}`;

/** Whether `renderMarkdown(text, latex)` would answer from its cache. */
export function isMarkdownCached(text: string, latex: boolean): boolean {
  return rendered.has(cacheKey(text, latex));
}

/** The elements of `text` rendered as Markdown (see `Markdown`), cached by text. */
export function renderMarkdown(text: string, latex: boolean): ReactElement {
  const key = cacheKey(text, latex);
  const cached = rendered.get(key);
  if (cached) return cached;
  const element = renderWithReactMarkdown({
    children: text,
    remarkPlugins: latex ? remarkWithMath : remarkBase,
    rehypePlugins: (latex ? rehypeWithMath : rehypeBase) as never,
    components,
  });
  rendered.set(key, element);
  return element;
}

/**
 * Markdown from a model, rendered safely: GFM tables and lists, highlighted code with a copy button, KaTeX
 * when LaTeX parsing is on. Raw HTML is never interpreted (no rehype-raw: it shows as text), and links and
 * images pass `safeUrl`. Loaded as its own chunk (see lazy-markdown.tsx).
 */
export const Markdown = memo(function Markdown({ text, latex }: MarkdownProps) {
  return renderMarkdown(text, latex);
});

export default Markdown;
