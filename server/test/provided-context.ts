// Values the global setup hands to test workers through vitest's provide/inject.

/** The migrated PostgreSQL template, or why PostgreSQL variants are skipped. */
export type PostgresTestTarget =
  { status: 'ready'; adminUrl: string; templateDatabase: string } | { status: 'skipped'; reason: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball (`dumpDataDir('none')`) of a migrated PGlite data directory. */
    parleyPgliteSnapshotPath: string;
    parleyPostgres: PostgresTestTarget;
  }
}
