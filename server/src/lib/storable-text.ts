/** A high surrogate not followed by a low one, or a low one without a high one before it. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const UNSTORABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');

/**
 * Text PostgreSQL can store: U+0000 (refused by `text` and `jsonb`) and lone surrogates (refused by
 * `jsonb`) become U+FFFD. For text we cannot refuse, such as a model's reply.
 */
export const toStorableText = (text: string): string => text.replace(UNSTORABLE, '\uFFFD');

/** `toStorableText` applied to every string (and key) of a small JSON value, such as a message's content. */
export function toStorableJson<T>(value: T): T {
  if (typeof value === 'string') return toStorableText(value) as T;
  if (Array.isArray(value)) return value.map(toStorableJson) as T;
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, item]) => [toStorableText(key), toStorableJson(item)]);
  return Object.fromEntries(entries) as T;
}
