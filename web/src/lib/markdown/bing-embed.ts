/** The source an accepted embed must load: Bing's Image Creator (SPEC §5). */
export const IMAGE_CREATION_SOURCE = 'https://www.bing.com/images/create';

/** Elements whose presence anywhere in an embed refuses it (SPEC §5 "Bing image embeds"). */
const FORBIDDEN = ['script', 'img', 'style', 'div', 'a', 'input', 'button', 'form'];

export type TextSegment = { kind: 'text'; text: string } | { kind: 'embed'; src: string };

/**
 * The Image Creator address of an HTML block when it passes SPEC §5: a single `role="presentation"`
 * iframe whose source is the image-creation page, and none of the forbidden elements. Undefined otherwise.
 */
export function acceptedEmbedSource(html: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  // A template's content is inert: nothing in it loads or runs while it is inspected.
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content;
  if (FORBIDDEN.some((tag) => root.querySelector(tag) !== null)) return undefined;
  const frames = root.querySelectorAll('iframe');
  if (frames.length !== 1) return undefined;
  const frame = frames[0] as HTMLIFrameElement;
  if (frame.getAttribute('role') !== 'presentation') return undefined;
  const src = frame.getAttribute('src') ?? '';
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return undefined;
  }
  if (`${url.origin}${url.pathname}`.replace(/\/$/, '') !== IMAGE_CREATION_SOURCE) return undefined;
  // Nothing but the iframe (and whitespace) may be in the block.
  frame.remove();
  if (root.children.length > 0 || (root.textContent ?? '').trim() !== '') return undefined;
  return url.toString();
}

/**
 * Splits a reply into Markdown text and accepted Image Creator embeds. An embed is an HTML block (blank
 * lines around it, outside code fences) holding an iframe; one that fails the rule stays in the text, where
 * Markdown shows raw HTML as text.
 */
export function splitBingEmbeds(text: string): TextSegment[] {
  if (!text.includes('<iframe')) return [{ kind: 'text', text }];
  const segments: TextSegment[] = [];
  let pending: string[] = [];
  let inFence = false;
  const flush = () => {
    if (pending.length > 0) segments.push({ kind: 'text', text: pending.join('\n\n') });
    pending = [];
  };
  for (const block of text.split(/\n{2,}/)) {
    const fences = (block.match(/^\s*(```|~~~)/gm) ?? []).length;
    const candidate = !inFence && block.trim().startsWith('<') && /<iframe\b/i.test(block);
    const src = candidate ? acceptedEmbedSource(block.trim()) : undefined;
    if (src) {
      flush();
      segments.push({ kind: 'embed', src });
    } else {
      pending.push(block);
    }
    if (fences % 2 === 1) inFence = !inFence;
  }
  flush();
  return segments;
}
