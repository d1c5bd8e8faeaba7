import type { ContentPart } from '../schemas/message';

/** A reply's `text` when it has content parts: its text parts in order, a blank line between them. */
export function textOfContent(parts: readonly ContentPart[]): string {
  return parts.flatMap((part) => (part.type === 'text' && part.text !== '' ? [part.text] : [])).join('\n\n');
}
