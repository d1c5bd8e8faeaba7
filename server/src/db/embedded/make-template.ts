/**
 * The embedded database prepared ahead (docs/decisions.md "Prepared embedded database"): initdb done and
 * every migration applied, dumped as a tarball. A server on an empty data dir unpacks it (unpack-template.ts)
 * instead of running initdb (~3 s of CPU) and the migrations; the tests start each PGlite database from one.
 */
import { rename, writeFile } from 'node:fs/promises';
import { openDatabase } from '../client';
import { migrateDatabase } from '../migrate';

export interface MakeTemplateOptions {
  migrationsFolder?: string;
  /** `gzip` for the build (about 5 MB instead of 40), `none` where it is read often (tests). */
  compression: 'gzip' | 'none';
}

/** Makes the template at `out` (written whole or not at all: a reader never sees half a file). */
export async function makeTemplate(out: string, opts: MakeTemplateOptions): Promise<void> {
  const database = await openDatabase({});
  try {
    await migrateDatabase(database, { migrationsFolder: opts.migrationsFolder });
    if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
    await database.driver.client.exec('checkpoint');
    const tarball = await database.driver.client.dumpDataDir(opts.compression);
    const partial = `${out}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
    await rename(partial, out);
  } finally {
    await database.close();
  }
}
