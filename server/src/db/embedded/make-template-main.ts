/**
 * Build step (`server/build.mjs`): `node dist/embedded-template.js <out.tar.gz> <migrations folder> <stamp>`
 * makes the prepared embedded database and writes the stamp (PGlite's version and a hash of the migrations)
 * to `<out>.json`; the build skips this step while the stamp matches.
 */
import { writeFile } from 'node:fs/promises';
import { makeTemplate } from './make-template';

const [out, migrationsFolder, stamp] = process.argv.slice(2);
if (!out || !migrationsFolder || !stamp) {
  throw new Error('usage: embedded-template.js <out.tar.gz> <migrations folder> <stamp>');
}
await makeTemplate(out, { migrationsFolder, compression: 'gzip' });
await writeFile(`${out}.json`, `${stamp}\n`);
