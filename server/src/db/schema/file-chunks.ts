import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { embeddingColumn, searchTsvectorOf, tsvector } from './columns';
import { files } from './files';

/**
 * The chunks of a document's text (knowledge), searched by full text at once and by vector once embedded.
 * `embedding` is created `real[]`; migration 0007 (`parley_upgrade_embedding_column()`, run again at every
 * start) turns it into a pgvector `vector` wherever the extension can be created (always on PGlite), see
 * docs/decisions.md "Knowledge vectors: pgvector where available, `real[]` otherwise".
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.fileId, { onDelete: 'cascade' }),
    /** The file's owner (copied, so every search is scoped to one user without a join). */
    userId: uuid('user_id').notNull(),
    chunkIndex: integer('chunk_index').notNull(),
    /** 1-based PDF page. */
    page: integer('page'),
    /** 1-based first line (documents without pages). */
    line: integer('line'),
    charOffset: integer('char_offset').notNull(),
    text: text('text').notNull(),
    /** Generated from `text`; never written by the app. */
    searchVector: tsvector('search_vector').notNull().generatedAlwaysAs(searchTsvectorOf('text')),
    /** Unit-length embedding of `text`; null until embedded. */
    embedding: embeddingColumn('embedding'),
  },
  (table) => [
    primaryKey({ columns: [table.fileId, table.chunkIndex] }),
    index('file_chunks_search_vector_idx').using('gin', table.searchVector),
  ],
);

export type FileChunkRow = typeof fileChunks.$inferSelect;
export type NewFileChunkRow = typeof fileChunks.$inferInsert;
