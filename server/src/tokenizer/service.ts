import type { EncodeOptions } from 'gpt-tokenizer/GptEncoding';
import { countInPieces } from './count-in-pieces';
import { encodingForModel, type EncodingName } from './encoding-for-model';

export { encodingForModel } from './encoding-for-model';

/** Counts the tokens of one text (no chat framing). */
export type TokenCounter = (text: string) => number;

/** Text that looks like a special token (`<|endoftext|>`) is counted as ordinary text, never refused. */
const PLAIN_TEXT: EncodeOptions = { disallowedSpecial: new Set() };

// The rank tables take ~60–150 ms each to load, so each is imported the first time it is needed.
const loaders: Record<EncodingName, () => Promise<TokenCounter>> = {
  o200k_base: async () => {
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    return (text) => countInPieces((piece) => countTokens(piece, PLAIN_TEXT), text);
  },
  cl100k_base: async () => {
    const { countTokens } = await import('gpt-tokenizer/encoding/cl100k_base');
    return (text) => countInPieces((piece) => countTokens(piece, PLAIN_TEXT), text);
  },
};
const loaded = new Map<EncodingName, Promise<TokenCounter>>();

/** A synchronous counter for the model's encoding, for counting many texts (context building). */
export function getTokenCounter(model?: string | null): Promise<TokenCounter> {
  const encoding = encodingForModel(model);
  let counter = loaded.get(encoding);
  if (!counter) {
    // One load per encoding, shared by everyone who asks meanwhile (the warm-up after start, the first chat);
    // a failed one is forgotten, so the next caller tries again.
    counter = loaders[encoding]();
    counter.catch(() => loaded.delete(encoding));
    loaded.set(encoding, counter);
  }
  return counter;
}

/** Tokens of `text` for `model` (o200k for gpt-4o/4.1/o-series…, cl100k otherwise, also as the estimate for non-OpenAI models). */
export async function countTokens(text: string, model?: string | null): Promise<number> {
  if (text === '') return 0;
  const count = await getTokenCounter(model);
  return count(text);
}
