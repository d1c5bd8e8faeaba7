import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

/**
 * A probe for `node --import` (a TypeScript file beside this one) compiled to JavaScript in a new temporary
 * folder; `out` is where the probe writes its readings there.
 */
export async function compilePreload(
  fileName: string,
  prefix: string,
): Promise<{ work: string; preload: string; out: string }> {
  const source = readFileSync(fileURLToPath(new URL(`./${fileName}`, import.meta.url)), 'utf8');
  const work = mkdtempSync(join(tmpdir(), prefix));
  const preload = join(work, 'preload.mjs');
  writeFileSync(preload, (await transform(source, { loader: 'ts', format: 'esm' })).code);
  return { work, preload, out: join(work, 'probe') };
}
