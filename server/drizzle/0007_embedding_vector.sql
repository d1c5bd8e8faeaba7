-- Knowledge vectors: `file_chunks.embedding` becomes a pgvector `vector` wherever the extension can be created
-- (PGlite always loads it; PostgreSQL when pgvector is installed and the role may create it), else it stays
-- `real[]`. The server calls this function again after migrating at every start, so installing pgvector
-- later upgrades the column then. Returns the kind in use: 'vector' or 'array'.
CREATE OR REPLACE FUNCTION parley_upgrade_embedding_column() RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
      RETURN 'array';
    END IF;
    BEGIN
      CREATE EXTENSION IF NOT EXISTS vector;
    EXCEPTION WHEN OTHERS THEN
      RETURN 'array';
    END;
  END IF;
  IF (SELECT t.typname FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
      WHERE a.attrelid = 'file_chunks'::regclass AND a.attname = 'embedding') <> 'vector' THEN
    ALTER TABLE file_chunks ALTER COLUMN embedding TYPE vector USING embedding::vector;
  END IF;
  RETURN 'vector';
END $$;
--> statement-breakpoint
SELECT parley_upgrade_embedding_column();
