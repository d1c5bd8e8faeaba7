import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat, utimes, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeTemplate } from '../src/db/embedded/make-template';
import { defaultMigrationsFolder } from '../src/db/migrate';

const CACHE_DIR = join(tmpdir(), 'parley-test-cache');
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Path of a tarball (make-template.ts, uncompressed) of a freshly migrated PGlite data directory. Building one
 * costs ~3 s (initdb), so it is cached in the OS temp dir under a hash of the migration files and the
 * PGlite and drizzle-orm versions; any change to those builds a new one. Unused snapshots expire after a day.
 */
export async function migratedPgliteSnapshot(): Promise<string> {
  const migrationsFolder = defaultMigrationsFolder();
  const key = await snapshotKey(migrationsFolder);
  const path = join(CACHE_DIR, `pglite-${key}.tar`);
  await mkdir(CACHE_DIR, { recursive: true });
  await pruneStale(path);
  try {
    const now = new Date();
    await utimes(path, now, now);
    return path;
  } catch {
    // not cached yet
  }
  await makeTemplate(path, { migrationsFolder, compression: 'none' });
  return path;
}

async function snapshotKey(migrationsFolder: string): Promise<string> {
  const hash = createHash('sha256');
  for (const name of ['@electric-sql/pglite', 'drizzle-orm'])
    hash.update(`${name}@${await versionOf(name)}\n`);
  for (const file of await listFiles(migrationsFolder)) {
    hash.update(`${file}\n`).update(await readFile(join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

/** Reads the installed version from the package's own package.json (not exported by the packages). */
async function versionOf(packageName: string): Promise<string> {
  let dir = dirname(createRequire(import.meta.url).resolve(packageName));
  while (dir !== dirname(dir)) {
    try {
      const manifest: unknown = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
      if (isManifestOf(manifest, packageName)) return manifest.version;
    } catch {
      // no package.json at this level
    }
    dir = dirname(dir);
  }
  throw new Error(`cannot find the version of ${packageName}`);
}

function isManifestOf(value: unknown, name: string): value is { name: string; version: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'name' in value &&
    value.name === name &&
    'version' in value &&
    typeof value.version === 'string'
  );
}

async function pruneStale(keep: string): Promise<void> {
  for (const name of await readdir(CACHE_DIR)) {
    const path = join(CACHE_DIR, name);
    if (path === keep) continue;
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_AFTER_MS) await rm(path, { force: true });
  }
}
