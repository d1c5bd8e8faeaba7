/**
 * Only these links and images from a model reach the DOM: web URLs, mail links, same-site paths and
 * anchors. Everything else (`javascript:`, `data:`, `vbscript:`, protocol-relative `//host`) becomes ''.
 */
const LINK = /^(https?:|mailto:)/i;
const IMAGE = /^https?:/i;

export function safeUrl(url: string, kind: 'link' | 'image'): string {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so compare without them.
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f]/g, '');
  if (compact.startsWith('//')) return '';
  if (compact.startsWith('/') || compact.startsWith('#') || compact.startsWith('?'))
    return kind === 'link' ? url : '';
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(compact);
  if (!scheme) return kind === 'link' ? url : '';
  return (kind === 'link' ? LINK : IMAGE).test(compact) ? url : '';
}
