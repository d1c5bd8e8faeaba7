// Hybrid retrieval: full-text and vector results fused by rank (reciprocal rank fusion), full text alone
// when there are no embeddings or the provider cannot embed the question right now.
import type { Db } from '../db/client';
import type { Embedder } from './embeddings';
import { queryTerms } from './query-terms';
import { searchFullText, searchVectors, type ChunkHit, type ChunkSearch } from './repo';

/** The usual constant of reciprocal rank fusion: the top few of either list weigh about the same. */
const RRF_K = 60;
/** Candidates taken from each list before fusing. */
const CANDIDATES = 24;
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

async function questionVector(embedder: Embedder, question: string): Promise<number[] | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), QUESTION_EMBEDDING_TIMEOUT_MS);
  });
  try {
    const vectors = await Promise.race([embedder.embed([question]), timeout]);
    return vectors?.[0];
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** The best `search.limit` chunks of the caller's files for `question`. */
export async function retrieve(
  db: Db,
  embedder: Embedder | undefined,
  search: ChunkSearch,
  question: string,
): Promise<ChunkHit[]> {
  const candidates = { ...search, limit: Math.max(CANDIDATES, search.limit) };
  const [fullText, vector] = await Promise.all([
    searchFullText(db, candidates, queryTerms(question)),
    embedder
      ? questionVector(embedder, question).then((v) => (v ? searchVectors(db, candidates, v) : []))
      : Promise.resolve([]),
  ]);
  return fuseByRank([fullText, vector], search.limit);
}
