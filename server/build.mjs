// Bundles the server into dist/main.js and its worker threads beside it: our code and @parley/shared inlined,
// npm packages left external.
import { copyFile } from 'node:fs/promises';
import { build } from 'esbuild';

await build({
  // Worker threads are files of their own beside main.js: text extraction (server/src/knowledge/extraction-pool.ts),
  // the embedded database (server/src/db/embedded/worker-client.ts), imports (server/src/import/import-worker.ts)
  // and action spec checks (server/src/actions/validate-spec.ts).
  entryPoints: {
    main: 'src/main.ts',
    'extract-worker': 'src/knowledge/extract-worker.ts',
    'pglite-worker': 'src/db/embedded/pglite-worker.ts',
    'import-worker': 'src/import/parse-worker.ts',
    'spec-worker': 'src/actions/spec-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
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

// Worker threads load their own module file next to the bundle (`new URL('./x.mjs', import.meta.url)`).
await copyFile('src/tools/math/math-worker.mjs', 'dist/math-worker.mjs');
await copyFile('src/sandbox/runner.py', 'dist/runner.py');
await copyFile('src/sandbox/pyodide-runner.mjs', 'dist/pyodide-runner.mjs');
await copyFile('src/tools/browser/readable-worker.mjs', 'dist/readable-worker.mjs');
