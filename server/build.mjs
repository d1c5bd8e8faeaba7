// Bundles the server into dist/main.js and its worker threads beside it: our code and @parley/shared inlined,
// npm packages left external.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { copyFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const built = await build({
  // Worker threads are files of their own beside main.js: text extraction (server/src/knowledge/extraction-pool.ts),
  // the embedded database (server/src/db/embedded/worker-client.ts), imports (server/src/import/import-worker.ts)
  // and action spec checks (server/src/actions/validate-spec.ts).
  entryPoints: {
    main: 'src/main.ts',
    'extract-worker': 'src/knowledge/extract-worker.ts',
    'pglite-worker': 'src/db/embedded/pglite-worker.ts',
    'import-worker': 'src/import/parse-worker.ts',
    'spec-worker': 'src/actions/spec-worker.ts',
    'embedded-template': 'src/db/embedded/make-template-main.ts',
  },
  outdir: 'dist',
  bundle: true,
  // Code shared by entries, and what they import dynamically, goes to chunk files beside them (the same folder,
  // so `new URL('./x', import.meta.url)` finds the same files): main.js starts opening the database before it
  // imports the rest of the server (src/main.ts), which only works if the rest is a file of its own.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        // Bare specifiers stay imports, except the workspace's own TypeScript packages.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@parley/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// Chunks of earlier builds (their names carry a hash of their content) are removed.
const outputs = new Set(Object.keys(built.metafile.outputs).map((path) => path.replace(/^dist\//, '')));
for (const name of readdirSync('dist')) {
  if (/\.js(\.map)?$/.test(name) && !outputs.has(name.replace(/\.map$/, ''))) await rm(`dist/${name}`);
}

// Worker threads load their own module file next to the bundle (`new URL('./x.mjs', import.meta.url)`).
await copyFile('src/tools/math/math-worker.mjs', 'dist/math-worker.mjs');
await copyFile('src/sandbox/runner.py', 'dist/runner.py');
await copyFile('src/sandbox/pyodide-runner.mjs', 'dist/pyodide-runner.mjs');
await copyFile('src/tools/browser/readable-worker.mjs', 'dist/readable-worker.mjs');

// The embedded database prepared for a fresh data dir (src/db/embedded/make-template.ts), made again only when
// PGlite or the migrations change.
const TEMPLATE = 'dist/embedded-template.tar.gz';
function pgliteVersion() {
  // The package's exports hide its package.json: walk up from its entry point.
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}
const hash = createHash('sha256');
hash.update(pgliteVersion());
for (const name of readdirSync('drizzle', { recursive: true }).map(String).sort()) {
  if (name.endsWith('.sql') || name.endsWith('.json'))
    hash.update(name).update(readFileSync(`drizzle/${name}`));
}
const stamp = hash.digest('hex');
const made = existsSync(`${TEMPLATE}.json`) ? readFileSync(`${TEMPLATE}.json`, 'utf8').trim() : '';
if (made !== stamp || !existsSync(TEMPLATE)) {
  const result = spawnSync(process.execPath, ['dist/embedded-template.js', TEMPLATE, 'drizzle', stamp], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
