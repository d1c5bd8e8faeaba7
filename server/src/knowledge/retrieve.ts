// Hybrid retrieval: full-text and vector results fused by rank (reciprocal rank fusion), full text alone
// when there are no embeddings or the provider cannot embed the question right now. Only passages that match
// the question come back: a full-text hit shares a word with it; a vector hit must be near it (nearest
// neighbours always exist, so without a bar every file of the turn would be "found", unrelated ones too).
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import type { BillEmbedding, Embedder } from './embeddings';
import { queryTerms } from './query-terms';
import { searchFullText, searchVectors, type ChunkHit, type ChunkSearch, type VectorHit } from './repo';

/** The usual constant of reciprocal rank fusion: the top few of either list weigh about the same. */
const RRF_K = 60;
/** Candidates taken from each list before fusing. */
const CANDIDATES = 24;
/** A vector hit this far below the best one is not about the question (models differ in their baseline). */
export const SIMILARITY_MARGIN = 0.15;
/** Nor is one under this cosine similarity, however it ranks (unrelated text scores about 0 to 0.2). */
export const MIN_SIMILARITY = 0.2;
/** How long a turn waits for the question's embedding before going on with full text alone. */
const QUESTION_EMBEDDING_TIMEOUT_MS = 3000;

const keyOf = (hit: ChunkHit): string => `${hit.fileId}:${hit.chunkIndex}`;

/** Fuses ranked lists: each hit scores Σ 1 / (RRF_K + rank) over the lists it is in. */
export function fuseByRank(lists: readonly (readonly ChunkHit[])[], limit: number): ChunkHit[] {
  const scores = new Map<string, { hit: ChunkHit; score: number }>();
  for (const list of lists) {
    list.forEach((hit, rank) => {
      const key = keyOf(hit);
      const entry = scores.get(key) ?? { hit, score: 0 };
      entry.score += 1 / (RRF_K + rank + 1);
      scores.set(key, entry);
    });
  }
  return [...scores.values()]
    .sort((a, b) => b.score - a.score || a.hit.chunkIndex - b.hit.chunkIndex)
    .slice(0, limit)
    .map((entry) => entry.hit);
}

async function questionVector(
  embedder: Embedder,
  question: string,
  bill: ((promptTokens: number) => Promise<void>) | undefined,
): Promise<number[] | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), QUESTION_EMBEDDING_TIMEOUT_MS);
  });
  // Billed when the provider answers, also when the turn stopped waiting for it.
  const call = embedder.embed([question]).then(async (embedded) => {
    await bill?.(embedded.promptTokens);
    return embedded;
  });
  try {
    const embedded = await Promise.race([call, timeout]);
    return embedded?.vectors[0];
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** The vector hits near enough to the question: over MIN_SIMILARITY and within SIMILARITY_MARGIN of the best. */
export function nearHits(hits: readonly VectorHit[]): ChunkHit[] {
  const best = Math.max(...hits.map((hit) => hit.similarity));
  const bar = Math.max(MIN_SIMILARITY, best - SIMILARITY_MARGIN);
  return hits
    .filter((hit) => hit.similarity >= bar)
    .map(({ fileId, chunkIndex, page, line, text }) => ({ fileId, chunkIndex, page, line, text }));
}

/**
 * The best `search.limit` chunks of the caller's files that match `question` (none when nothing does); the
 * question's embedding call is billed to the caller through `bill`.
 */
export async function retrieve(
  db: Db,
  embedder: Embedder | undefined,
  search: ChunkSearch,
  question: string,
  bill?: BillEmbedding,
): Promise<ChunkHit[]> {
  const candidates = { ...search, limit: Math.max(CANDIDATES, search.limit) };
  const billQuestion =
    embedder && bill
      ? (promptTokens: number) =>
          bill({
            userId: search.userId,
            endpoint: embedder.endpoint,
            model: embedder.model,
            promptTokens,
            requestId: randomUUID(),
          })
      : undefined;
  const [fullText, vector] = await Promise.all([
    searchFullText(db, candidates, queryTerms(question)),
    embedder
      ? questionVector(embedder, question, billQuestion).then(async (v) =>
          v ? nearHits(await searchVectors(db, candidates, v)) : [],
        )
      : Promise.resolve([]),
  ]);
  return fuseByRank([fullText, vector], search.limit);
}
