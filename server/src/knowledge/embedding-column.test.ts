import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { createTestUser } from '../../test/test-users';
import { embeddingStorage } from './repo';
import { fileChunks, files } from '../db/schema';

const typeOfEmbedding = sql`select t.typname from pg_attribute a join pg_type t on t.oid = a.atttypid
  where a.attrelid = 'file_chunks'::regclass and a.attname = 'embedding'`;

describeEachEngine(
  'file_chunks.embedding: pgvector where available, real[] otherwise',
  (getDb, { engine, getDatabase }) => {
    it('is a vector column on PGlite, and on PostgreSQL exactly when pgvector is installed', async () => {
      const { rows } = await getDb().execute<{ available: boolean }>(
        sql`select exists (select 1 from pg_available_extensions where name = 'vector') as available`,
      );
      const expected = engine === 'pglite' || rows[0]?.available ? 'vector' : 'array';
      expect(await embeddingStorage(getDb())).toBe(expected);
      const type = await getDb().execute<{ typname: string }>(typeOfEmbedding);
      expect(type.rows[0]?.typname).toBe(expected === 'vector' ? 'vector' : '_float4');
    });

    it('upgrades a real[] column with its vectors when the extension is there (at every start)', async () => {
      const db = getDb();
      await db.execute(
        sql`alter table file_chunks alter column embedding type real[] using embedding::real[]`,
      );
      const { user } = await createTestUser(getDatabase());
      const [file] = await db
        .insert(files)
        .values({ userId: user.id, filename: 'a.txt', filepath: 'a', type: 'text/plain', bytes: 1 })
        .returning();
      if (!file) throw new Error('no file');
      await db.insert(fileChunks).values({
        fileId: file.fileId,
        userId: user.id,
        chunkIndex: 0,
        charOffset: 0,
        text: 'alpha',
        embedding: [0.5, 0.75],
      });
      const upgraded = await db.execute<{ kind: string }>(
        sql`select parley_upgrade_embedding_column() as kind`,
      );
      const [chunk] = await db.select().from(fileChunks);
      expect(chunk?.embedding).toEqual([0.5, 0.75]);
      const type = await db.execute<{ typname: string }>(typeOfEmbedding);
      expect(type.rows[0]?.typname).toBe(upgraded.rows[0]?.kind === 'vector' ? 'vector' : '_float4');
      if (engine === 'pglite') expect(upgraded.rows[0]?.kind).toBe('vector');
    });
  },
  { isolate: 'database' },
);
