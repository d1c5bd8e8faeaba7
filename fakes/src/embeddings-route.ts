// `POST /v1/embeddings` of the fake OpenAI server: deterministic vectors made by hashing each word into one
// of `dimensions` buckets (a bag of words), so texts sharing words are near and the same text always gets
// the same vector. Failures can be queued to try a client's retries.
import type { ServerResponse } from 'node:http';
import { sendJson } from './http-io';
import { openAIError } from './openai-errors';

/** Vector length when the request names none (text-embedding-3-small's is 1536; small keeps tests fast). */
export const FAKE_EMBEDDING_DIMENSIONS = 256;

/** FNV-1a, 32 bits. */
function hash(word: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < word.length; index += 1) {
    h ^= word.charCodeAt(index);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The unit-length hashed bag-of-words vector of `text`. */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const h = hash(word);
    vector[h % dimensions] = (vector[h % dimensions] ?? 0) + ((h >>> 16) & 1 ? 1 : -1);
  }
  const length = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  if (length === 0) vector[0] = 1;
  return length === 0 ? vector : vector.map((value) => value / length);
}

/** Statuses the next embeddings requests answer with, one each, before they succeed again. */
export class EmbeddingFailures {
  private readonly statuses: number[] = [];
  queue(statuses: readonly number[]): void {
    this.statuses.push(...statuses);
  }
  next(): number | undefined {
    return this.statuses.shift();
  }
  reset(): void {
    this.statuses.length = 0;
  }
}

const inputsOf = (input: unknown): string[] | undefined => {
  if (typeof input === 'string') return [input];
  if (Array.isArray(input) && input.every((item) => typeof item === 'string')) return input as string[];
  return undefined;
};

export function handleEmbeddings(res: ServerResponse, body: unknown, failures: EmbeddingFailures): void {
  const failure = failures.next();
  if (failure !== undefined) {
    const type = failure === 429 ? 'rate_limit_exceeded' : 'server_error';
    sendJson(res, failure, openAIError(`The fake answers ${failure} as scripted.`, type, null));
    return;
  }
  const request = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const inputs = inputsOf(request.input);
  const model = typeof request.model === 'string' ? request.model : '';
  if (!inputs || inputs.length === 0 || model === '') {
    sendJson(
      res,
      400,
      openAIError('input (string or array of strings) and model are required', 'invalid_request_error', null),
    );
    return;
  }
  const dimensions = typeof request.dimensions === 'number' ? request.dimensions : FAKE_EMBEDDING_DIMENSIONS;
  const tokens = inputs.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
  sendJson(res, 200, {
    object: 'list',
    model,
    data: inputs.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: fakeEmbedding(text, dimensions),
    })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}
