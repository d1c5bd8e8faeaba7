import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';

/**
 * Memory settings of an embedded database on disk (passed on PGlite's command line, so the data dir's own
 * postgresql.conf stays as initdb wrote it). PGlite's WebAssembly heap never shrinks, so each buffer PostgreSQL
 * touches stays resident for the life of the instance: initdb's 128 MB of shared buffers alone kept ~150 MB
 * resident. Pages that do not fit are read from the OS page cache, which is cheap next to the query itself.
 */
export const EMBEDDED_MEMORY_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  wal_buffers: '512kB',
  temp_buffers: '2MB',
  maintenance_work_mem: '16MB',
  max_connections: '8',
};

export interface CreatePgliteOptions {
  /** Data directory on disk; without it and without `loadDataDir`, in memory. */
  dataDir?: string;
  /** A tarball from `dumpDataDir` to start from (tests). */
  loadDataDir?: Blob;
  /** Apply `EMBEDDED_MEMORY_SETTINGS` (the embedded server's instance). */
  smallMemory?: boolean;
}

/** Every PGlite instance of the app: the `vector` extension is available (`CREATE EXTENSION vector`). */
export function createPglite(opts: CreatePgliteOptions = {}): Promise<PGlite> {
  const startParams = opts.smallMemory
    ? [
        ...PGlite.defaultStartParams,
        ...Object.entries(EMBEDDED_MEMORY_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ]
    : undefined;
  return PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { vector },
    startParams,
  });
}
