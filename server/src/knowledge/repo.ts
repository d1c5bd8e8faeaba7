// SQL of the knowledge index: chunks with their full-text vector (generated) and embedding (a pgvector
// `vector` where the extension exists, always on PGlite; else `real[]`, see migration 0007).
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fileChunks, files } from '../db/schema';
import type { Chunk } from './chunk';

export type EmbeddingStorage = 'vector' | 'array';

const storageByDb = new WeakMap<Db, Promise<EmbeddingStorage>>();

/** How this database stores embeddings (read once per database from the column's type). */
export function embeddingStorage(db: Db): Promise<EmbeddingStorage> {
  let known = storageByDb.get(db);
  if (!known) {
    known = db
      .execute<{ typname: string }>(
        sql`select t.typname from pg_attribute a join pg_type t on t.oid = a.atttypid
            where a.attrelid = 'file_chunks'::regclass and a.attname = 'embedding'`,
      )
      .then((result) => (result.rows[0]?.typname === 'vector' ? 'vector' : 'array'));
    known.catch(() => storageByDb.delete(db));
    storageByDb.set(db, known);
  }
  return known;
}

/** Rows per insert: a batch of this many chunks (about 150 KB of text) is one short statement. */
const INSERT_BATCH = 100;

export async function insertChunks(
  db: Db,
  userId: string,
  fileId: string,
  chunks: readonly Chunk[],
  /** Called between batches, so a big document never holds the database (or the event loop) for long. */
  between: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  for (let start = 0; start < chunks.length; start += INSERT_BATCH) {
    const batch = chunks.slice(start, start + INSERT_BATCH);
    await db.insert(fileChunks).values(
      batch.map((chunk) => ({
        fileId,
        userId,
        chunkIndex: chunk.index,
        page: chunk.page,
        line: chunk.line,
        charOffset: chunk.offset,
        text: chunk.text,
      })),
    );
    if (start + INSERT_BATCH < chunks.length) await between();
  }
}

/** Chunks of the file without an embedding, in order. */
export async function chunksToEmbed(
  db: Db,
  fileId: string,
  limit: number,
): Promise<{ chunkIndex: number; text: string }[]> {
  return db
    .select({ chunkIndex: fileChunks.chunkIndex, text: fileChunks.text })
    .from(fileChunks)
    .where(and(eq(fileChunks.fileId, fileId), isNull(fileChunks.embedding)))
    .orderBy(asc(fileChunks.chunkIndex))
    .limit(limit);
}

/** The user whose file it is (whom its embedding calls are billed to); undefined once it is gone. */
export async function fileOwner(db: Db, fileId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: files.userId })
    .from(files)
    .where(eq(files.fileId, fileId))
    .limit(1);
  return row?.userId;
}

/** Stores the embeddings of some of a file's chunks in one statement. */
export async function setEmbeddings(
  db: Db,
  fileId: string,
  rows: readonly { chunkIndex: number; embedding: readonly number[] }[],
): Promise<void> {
  if (rows.length === 0) return;
  // real[] on both kinds: pgvector casts real[] to vector on assignment.
  const values = sql.join(
    rows.map((row) => sql`(${row.chunkIndex}::integer, ${`{${row.embedding.join(',')}}`}::real[])`),
    sql`, `,
  );
  await db.execute(sql`
    update ${fileChunks} set embedding = v.embedding
    from (values ${values}) as v(chunk_index, embedding)
    where ${fileChunks.fileId} = ${fileId} and ${fileChunks.chunkIndex} = v.chunk_index`);
}

/** Records that every chunk of the file is embedded with `model`. */
export async function markEmbedded(db: Db, fileId: string, model: string): Promise<void> {
  await db.update(files).set({ embedded: true, embeddingsModel: model }).where(eq(files.fileId, fileId));
}

/** Clears a file's embeddings made with another model than `model` (before embedding it again). */
export async function clearStaleEmbeddings(db: Db, fileId: string, model: string): Promise<void> {
  const [row] = await db
    .select({ embeddingsModel: files.embeddingsModel })
    .from(files)
    .where(eq(files.fileId, fileId));
  if (!row || row.embeddingsModel === null || row.embeddingsModel === model) return;
  await db.transaction(async (tx) => {
    await tx.update(fileChunks).set({ embedding: null }).where(eq(fileChunks.fileId, fileId));
    await tx.update(files).set({ embedded: false, embeddingsModel: null }).where(eq(files.fileId, fileId));
  });
}

/** Indexed files not (fully) embedded with `model`: new ones, interrupted ones, or made with another model. */
export async function filesToEmbed(db: Db, model: string): Promise<string[]> {
  const rows = await db
    .select({ fileId: files.fileId })
    .from(files)
    .where(
      and(
        eq(files.textState, 'indexed'),
        or(eq(files.embedded, false), isNull(files.embeddingsModel), ne(files.embeddingsModel, model)),
      ),
    );
  return rows.map((row) => row.fileId);
}

export interface ChunkHit {
  fileId: string;
  chunkIndex: number;
  page: number | null;
  line: number | null;
  text: string;
}

const hitColumns = {
  fileId: fileChunks.fileId,
  chunkIndex: fileChunks.chunkIndex,
  page: fileChunks.page,
  line: fileChunks.line,
  text: fileChunks.text,
};

export interface ChunkSearch {
  userId: string;
  fileIds: readonly string[];
  limit: number;
}

/** Chunks matching any of `terms`, best first (`ts_rank_cd`: more terms, closer together, rank higher). */
export async function searchFullText(
  db: Db,
  search: ChunkSearch,
  terms: readonly string[],
): Promise<ChunkHit[]> {
  if (terms.length === 0 || search.fileIds.length === 0) return [];
  const query = sql`to_tsquery('simple', parley_search_fold(${terms.join(' | ')}))`;
  return db
    .select(hitColumns)
    .from(fileChunks)
    .where(
      and(
        eq(fileChunks.userId, search.userId),
        inArray(fileChunks.fileId, [...search.fileIds]),
        sql`${fileChunks.searchVector} @@ ${query}`,
      ),
    )
    .orderBy(sql`ts_rank_cd(${fileChunks.searchVector}, ${query}, 1) desc`, asc(fileChunks.chunkIndex))
    .limit(search.limit);
}

/** A chunk found by its embedding, with its cosine similarity to the question (-1 to 1). */
export interface VectorHit extends ChunkHit {
  similarity: number;
}

/**
 * Chunks nearest to the unit-length `vector` by cosine distance, with their similarity: pgvector's `<=>` on a
 * `vector` column, else the dot product of unit vectors in SQL. Exact search over the turn's files (primary
 * key `(file_id, chunk_index)` finds their chunks); no approximate index, which would filter after the fact.
 */
export async function searchVectors(
  db: Db,
  search: ChunkSearch,
  vector: readonly number[],
): Promise<VectorHit[]> {
  if (search.fileIds.length === 0) return [];
  const scope = and(
    eq(fileChunks.userId, search.userId),
    inArray(fileChunks.fileId, [...search.fileIds]),
    sql`${fileChunks.embedding} is not null`,
  );
  if ((await embeddingStorage(db)) === 'vector') {
    const distance = sql`${fileChunks.embedding} <=> ${`[${vector.join(',')}]`}::vector`;
    return db
      .select({ ...hitColumns, similarity: sql<number>`1 - (${distance})`.mapWith(Number) })
      .from(fileChunks)
      .where(and(scope, sql`vector_dims(${fileChunks.embedding}) = ${vector.length}`))
      .orderBy(distance, asc(fileChunks.chunkIndex))
      .limit(search.limit);
  }
  const literal = `{${vector.join(',')}}`;
  const similarity = sql`(select sum(a * b) from unnest(${fileChunks.embedding}, ${literal}::real[]) as t(a, b))`;
  return db
    .select({ ...hitColumns, similarity: sql<number>`coalesce(${similarity}, 0)`.mapWith(Number) })
    .from(fileChunks)
    .where(and(scope, sql`cardinality(${fileChunks.embedding}) = ${vector.length}`))
    .orderBy(sql`${similarity} desc nulls last`, asc(fileChunks.chunkIndex))
    .limit(search.limit);
}
