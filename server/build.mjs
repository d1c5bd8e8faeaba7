// Bundles the server into dist/main.js: our code and @parley/shared inlined, npm packages left external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
