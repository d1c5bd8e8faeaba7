import type { ContentPart } from '@parley/shared/schemas/message';

/**
 * The parts a reply is drawn from, or null when it is plain text. Text streamed without an `index` while
 * the content holds no text part is the reply's only text part, so it joins the end.
 */
export function partsToShow(content: readonly ContentPart[] | undefined, text: string): ContentPart[] | null {
  const parts = content ?? [];
  if (!parts.some((part) => part.type !== 'text' || part.text !== '')) return null;
  return parts.some((part) => part.type === 'text') || text === ''
    ? [...parts]
    : [...parts, { type: 'text', text }];
}
