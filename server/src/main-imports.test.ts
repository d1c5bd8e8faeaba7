// The server bundle imports the packages only some deployments use at their first use, not at start
// (docs/decisions.md "Idle memory"): a static import of one of them would put it in every idle server's heap.
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

const LAZY_PACKAGES = [
  'openai',
  '@anthropic-ai/sdk',
  '@google/genai',
  '@modelcontextprotocol/sdk/client/index.js',
  '@aws-sdk/client-s3',
  'sharp',
  'nodemailer',
  'ioredis',
  'pg',
  'drizzle-orm/node-postgres',
  'ajv',
  '@apidevtools/swagger-parser',
];

/** As `server/build.mjs`: npm packages stay imports of the bundle. */
const externalPackages: Plugin = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@parley/') ? undefined : { path: args.path, external: true },
    );
  },
};

describe('the bundled server', () => {
  it('loads the SDKs and optional packages lazily', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./main.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      outfile: 'main.js',
      metafile: true,
      logLevel: 'silent',
      plugins: [externalPackages],
    });
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
    const kindsOf = (path: string) => new Set(imports.filter((i) => i.path === path).map((i) => i.kind));
    // Loaded at first use, or only by a worker's own entry (not imported by main at all).
    const loadedAtStart = LAZY_PACKAGES.filter((name) =>
      [...kindsOf(name)].some((kind) => kind !== 'dynamic-import'),
    );
    expect(loadedAtStart).toEqual([]);
  }, 60_000);
});
