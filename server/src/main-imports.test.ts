// The server bundle imports the packages only some deployments use at their first use, not at start
// (docs/decisions.md "Idle memory"): a static import of one of them would put it in every idle server's heap.
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

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
  // Also never loaded by a start (docs/decisions.md "Start-up: the database opens while the app loads").
  'undici',
  'ws',
  'csv-stringify',
  'yaml',
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

/** `main.ts` bundled as `server/build.mjs` does it: chunks split off at dynamic imports. */
async function bundleMain(): Promise<Metafile> {
  const result = await build({
    entryPoints: { main: fileURLToPath(new URL('./main.ts', import.meta.url)) },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
    plugins: [externalPackages],
  });
  return result.metafile;
}

/** The npm packages (and Node's modules) an output loads before its code runs: its static imports, transitively. */
function staticallyLoaded(metafile: Metafile, output: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of metafile.outputs[path]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(output);
  return packages;
}

describe('the bundled server', () => {
  let metafile: Metafile;
  beforeAll(async () => {
    metafile = await bundleMain();
  }, 60_000);

  it('loads the SDKs and optional packages lazily', () => {
    const imports = Object.values(metafile.outputs).flatMap((output) => output.imports);
    const kindsOf = (path: string) => new Set(imports.filter((i) => i.path === path).map((i) => i.kind));
    // Loaded at first use, or only by a worker's own entry (not imported by main at all).
    const loadedAtStart = LAZY_PACKAGES.filter((name) =>
      [...kindsOf(name)].some((kind) => kind !== 'dynamic-import'),
    );
    expect(loadedAtStart).toEqual([]);
  });

  // docs/decisions.md "Start-up: the database opens while the app loads".
  it('starts opening the database before it loads the app: main.js loads only what that needs', () => {
    const main = Object.entries(metafile.outputs).find(([, output]) =>
      output.entryPoint?.endsWith('main.ts'),
    );
    expect(main).toBeDefined();
    const packages = [...staticallyLoaded(metafile, main?.[0] ?? '')].filter(
      (name) => !name.startsWith('node:'),
    );
    expect(packages).toEqual(['proper-lockfile']);
    // The rest of the server (fastify, drizzle, zod…) is a chunk main.js imports once the opening started.
    const dynamic = main?.[1].imports.filter((imported) => imported.kind === 'dynamic-import') ?? [];
    const later = new Set(dynamic.flatMap((imported) => [...staticallyLoaded(metafile, imported.path)]));
    expect(later).toContain('fastify');
    expect(later).toContain('drizzle-orm');
  });
});
