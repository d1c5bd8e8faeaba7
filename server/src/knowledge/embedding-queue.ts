// Embeds indexed documents in the background, one file at a time in batches, retrying a provider that is
// down or rate-limited with growing pauses. Full-text search works meanwhile; `embedded: true` marks a file
// once all its chunks have vectors. At start every file not embedded with the current model is queued,
// which is also how a change of EMBEDDINGS_MODEL re-embeds everything.
import { openAISdk } from '../lib/provider-sdks';
import type { Db } from '../db/client';
import type { BillEmbedding, Embedded, Embedder } from './embeddings';
import {
  chunksToEmbed,
  clearStaleEmbeddings,
  fileOwner,
  filesToEmbed,
  markEmbedded,
  setEmbeddings,
} from './repo';

export interface EmbeddingQueue {
  enqueue(fileId: string): void;
  /** Queues every indexed file not yet embedded with the current model. */
  resume(): Promise<void>;
  /** Resolves when nothing is queued or being embedded (tests, benchmarks). */
  idle(): Promise<void>;
  close(): void;
}

export interface EmbeddingQueueOptions {
  /** Chunks per provider request (default 64). */
  batchSize?: number;
  /** Tries of one batch before the file is left for the next start (default 8). */
  attempts?: number;
  /** First pause after a failure; each next one doubles, up to a minute (default 1 s). */
  baseDelayMs?: number;
  onError?: (error: unknown, fileId: string) => void;
  /** Writes each provider call's ledger row, billed to the file's owner (issue 24: every model call). */
  bill?: BillEmbedding | undefined;
}

/** Rate limits, server errors and failed connections pass; a refused request (bad key, bad model) does not. */
export function isRetryable(error: unknown): boolean {
  const APIError = openAISdk.ifLoaded()?.APIError; // an error of the SDK implies it was loaded
  if (APIError && error instanceof APIError)
    return error.status === undefined || error.status === 429 || error.status >= 500;
  return true;
}

export function createEmbeddingQueue(
  db: Db,
  embedder: Embedder,
  options: EmbeddingQueueOptions = {},
): EmbeddingQueue {
  const batchSize = options.batchSize ?? 64;
  const attempts = options.attempts ?? 8;
  const baseDelayMs = options.baseDelayMs ?? 1000;
  const queued: string[] = [];
  const known = new Set<string>();
  let running: Promise<void> | undefined;
  let closed = false;
  let wake: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function embedWithRetries(texts: string[]): Promise<Embedded> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await embedder.embed(texts);
      } catch (error) {
        if (closed || attempt >= attempts || !isRetryable(error)) throw error;
        const delay = Math.min(60_000, baseDelayMs * 2 ** (attempt - 1));
        await pause(delay * (0.75 + Math.random() * 0.5));
      }
    }
  }

  async function embedFile(fileId: string): Promise<void> {
    await clearStaleEmbeddings(db, fileId, embedder.model);
    const owner = options.bill ? await fileOwner(db, fileId) : undefined;
    for (;;) {
      if (closed) return;
      const batch = await chunksToEmbed(db, fileId, batchSize);
      if (batch.length === 0) break;
      const { vectors, promptTokens } = await embedWithRetries(batch.map((chunk) => chunk.text));
      // The call is billed whether or not the file is still there to take its vectors.
      if (options.bill && owner) {
        await options.bill({
          userId: owner,
          endpoint: embedder.endpoint,
          model: embedder.model,
          promptTokens,
          requestId: `embedding:${fileId}:${batch[0]?.chunkIndex ?? 0}`,
        });
      }
      await setEmbeddings(
        db,
        fileId,
        batch.map((chunk, index) => ({ chunkIndex: chunk.chunkIndex, embedding: vectors[index] ?? [] })),
      );
    }
    await markEmbedded(db, fileId, embedder.model);
  }

  async function drain(): Promise<void> {
    for (let fileId = queued.shift(); fileId !== undefined && !closed; fileId = queued.shift()) {
      try {
        await embedFile(fileId);
      } catch (error) {
        if (!closed) options.onError?.(error, fileId);
      } finally {
        known.delete(fileId);
      }
    }
    running = undefined;
  }

  function enqueue(fileId: string): void {
    if (closed || known.has(fileId)) return;
    known.add(fileId);
    queued.push(fileId);
    running ??= drain();
  }

  return {
    enqueue,
    async resume() {
      for (const fileId of await filesToEmbed(db, embedder.model)) enqueue(fileId);
    },
    async idle() {
      while (running) await running;
    },
    close() {
      closed = true;
      queued.length = 0;
      wake?.();
    },
  };
}
