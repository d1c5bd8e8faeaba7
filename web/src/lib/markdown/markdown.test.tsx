import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { isMarkdownCached, renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('highlights code in every text, with one shared highlighter', () => {
    for (const name of ['first', 'second']) {
      const html = renderToStaticMarkup(renderMarkdown(`\`\`\`js\nconst ${name} = 1;\n\`\`\``, false));
      expect(html).toContain('<span class="hljs-keyword">const</span>');
      expect(html).toContain(name);
    }
  });

  it('renders math only when LaTeX parsing is on', () => {
    expect(renderToStaticMarkup(renderMarkdown('$x^2$', true))).toContain('katex');
    expect(renderToStaticMarkup(renderMarkdown('$x^2$', false))).not.toContain('katex');
  });

  it('answers a text rendered before from its cache', () => {
    const text = '**cached** text';
    expect(isMarkdownCached(text, false)).toBe(false);
    const first = renderMarkdown(text, false);
    expect(isMarkdownCached(text, false)).toBe(true);
    expect(isMarkdownCached(text, true)).toBe(false);
    expect(renderMarkdown(text, false)).toBe(first);
  });
});
