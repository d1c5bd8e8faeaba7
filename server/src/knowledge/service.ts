// Knowledge (API.md "Knowledge"): a document's text extracted at upload in worker threads, chunked and
// indexed for full-text search at once, embedded in the background when an embeddings provider is set,
// and searched (hybrid) for a chat turn. Only the caller's files are ever searched.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Db } from '../db/client';
import type { Chunk } from './chunk';
import { documentKindOf } from './document-kind';
import { createEmbedder, type BillEmbedding, type Embedder } from './embeddings';
import { createEmbeddingQueue, type EmbeddingQueue } from './embedding-queue';
import { createExtractionPool, type ExtractionPool, type ExtractionPoolOptions } from './extraction-pool';
import type { NoTextReason } from './extractors';
import { insertChunks } from './repo';
import { retrieve } from './retrieve';
import type { KnowledgeSettings } from './settings';

/** The most text kept from one document for its chunks (characters; about 2,000 pages of prose). */
export const MAX_DOCUMENT_CHARACTERS = 5_000_000;

export type Extracted =
  { state: 'indexed'; text: string; chunks: Chunk[] } | { state: 'no_text'; reason: NoTextReason };

/** A passage of one of the caller's documents, as retrieval found it. */
export interface Passage {
  fileId: string;
  page: number | null;
  line: number | null;
  text: string;
}

export interface KnowledgeService {
  /** Whether files get vectors (an embeddings provider is configured). */
  readonly embeddings: boolean;
  /**
   * The text and chunks of the file at `path` (an upload's spooled copy), read in a worker thread; undefined
   * for a type Parley does not read (images, archives, spreadsheets).
   */
  extract(path: string, type: string): Promise<Extracted | undefined>;
  /** Stores a file's chunks (searchable by full text at once) and queues it for embedding. */
  index(userId: string, fileId: string, chunks: readonly Chunk[]): Promise<void>;
  /** The best `limit` passages of the caller's `fileIds` for `question`. */
  search(userId: string, fileIds: readonly string[], question: string, limit: number): Promise<Passage[]>;
  /** Resolves when no file is waiting to be embedded (tests, benchmarks). */
  embeddingIdle(): Promise<void>;
  close(): Promise<void>;
}

export interface KnowledgeServiceDeps {
  db: Db;
  settings: KnowledgeSettings;
  /** The most bytes of one file read for its text (the server's upload limit). */
  maxFileBytes: number;
  /** The most characters of a document's whole text kept on the file (what a turn may send whole). */
  wholeTextCharacters: number;
  extraction?: ExtractionPoolOptions;
  /** Default: the one `settings.embeddings` describes. */
  embedder?: Embedder;
  /** Pauses of the embedding retries (tests shorten them). */
  embeddingRetryDelayMs?: number;
  onEmbeddingError?: (error: unknown, fileId: string) => void;
  /** Writes each embeddings call's ledger row (indexing and questions); absent: not billed (CLI, tests). */
  billEmbedding?: BillEmbedding | undefined;
}

export function createKnowledgeService(deps: KnowledgeServiceDeps): KnowledgeService {
  const { db, settings } = deps;
  const pool: ExtractionPool = createExtractionPool(deps.extraction);
  const embedder = deps.embedder ?? createEmbedder(settings.embeddings);
  const queue: EmbeddingQueue | undefined = embedder
    ? createEmbeddingQueue(db, embedder, {
        ...(deps.embeddingRetryDelayMs !== undefined ? { baseDelayMs: deps.embeddingRetryDelayMs } : {}),
        ...(deps.onEmbeddingError ? { onError: deps.onEmbeddingError } : {}),
        bill: deps.billEmbedding,
      })
    : undefined;
  const resumed = queue?.resume().catch((error: unknown) => deps.onEmbeddingError?.(error, ''));

  return {
    embeddings: embedder !== undefined,
    async extract(path, type) {
      const kind = documentKindOf(type);
      if (!kind) return undefined;
      const result = await pool.extract({
        path,
        kind,
        maxBytes: deps.maxFileBytes,
        maxCharacters: MAX_DOCUMENT_CHARACTERS,
        wholeTextCharacters: deps.wholeTextCharacters,
        chunk: { size: settings.chunkSize, overlap: settings.chunkOverlap },
      });
      if (!result.ok) return { state: 'no_text', reason: result.reason };
      return { state: 'indexed', text: result.text, chunks: result.chunks };
    },
    async index(userId, fileId, chunks) {
      await insertChunks(db, userId, fileId, chunks, () => yieldToEventLoop());
      queue?.enqueue(fileId);
    },
    async search(userId, fileIds, question, limit) {
      const hits = await retrieve(db, embedder, { userId, fileIds, limit }, question, deps.billEmbedding);
      return hits.map(({ fileId, page, line, text }) => ({ fileId, page, line, text }));
    },
    async embeddingIdle() {
      await resumed;
      await queue?.idle();
    },
    async close() {
      queue?.close();
      await pool.close();
    },
  };
}
