import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('keeps web, mail and same-site links', () => {
    for (const url of [
      'https://example.com/a?b=1',
      'http://x.y',
      'mailto:a@b.c',
      '/c/new',
      '#section',
      'page.html',
    ]) {
      expect(safeUrl(url, 'link')).toBe(url);
    }
  });

  it('neutralises script and data URLs, however they are disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      '//evil.example',
    ]) {
      expect(safeUrl(url, 'link')).toBe('');
    }
  });

  it('allows only web images', () => {
    expect(safeUrl('https://example.com/a.png', 'image')).toBe('https://example.com/a.png');
    expect(safeUrl('data:image/png;base64,xx', 'image')).toBe('');
    expect(safeUrl('/local.png', 'image')).toBe('');
  });
});
