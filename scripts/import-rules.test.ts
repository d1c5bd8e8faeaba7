import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');

/** Lays out the given files in a fresh tree shaped like the repository and runs the real lint rules on it. */
function cruise(files: Record<string, string>): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'parley-rules-'));
  copyFileSync(join(ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(
    join(dir, 'tsconfig.lint.json'),
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
  );
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const roots = [...new Set(Object.keys(files).map((path) => path.split('/')[0] ?? path))];
  const result = spawnSync(DEPCRUISE, [...roots, '--config', '.dependency-cruiser.cjs'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

describe('import direction rules (npm run lint)', () => {
  it('accept the directions of the architecture', () => {
    const result = cruise({
      'packages/shared/src/constants.ts': 'export const A = 1;\n',
      'server/src/users/repo.ts':
        "import { A } from '../../../packages/shared/src/constants';\nexport const r = A;\n",
      'server/src/users/service.ts': "import { r } from './repo';\nexport const s = r;\n",
      'server/src/users/routes.ts': "import { s } from './service';\nexport const h = s;\n",
      'web/src/features/chat/x.ts':
        "import { A } from '../../../../packages/shared/src/constants';\nexport const w = A;\n",
    });
    expect(result.output).toContain('no dependency violations');
    expect(result.ok).toBe(true);
  });

  it.each([
    [
      'web importing the server',
      'web/src/app.ts',
      "import { h } from '../../server/src/users/routes';\nexport const x = h;\n",
      'web-never-imports-server',
    ],
    [
      'shared doing I/O',
      'packages/shared/src/io.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'shared-is-pure',
    ],
    [
      'a feature reaching into another feature’s repo',
      'server/src/chat/service.ts',
      "import { r } from '../users/repo';\nexport const x = r;\n",
      'repo-only-within-its-feature',
    ],
    [
      'a route skipping its service',
      'server/src/users/routes.ts',
      "import { r } from './repo';\nexport const x = r;\n",
      'routes-go-through-services',
    ],
    [
      'web features importing each other',
      'web/src/features/chat/y.ts',
      "import { z } from '../presets/z';\nexport const x = z;\n",
      'web-features-are-independent',
    ],
    [
      'fakes importing Parley',
      'fakes/src/x.ts',
      "import { A } from '../../packages/shared/src/constants';\nexport const x = A;\n",
      'fakes-import-nothing-of-parley',
    ],
  ])('fail on %s', (_name, path, source, rule) => {
    const result = cruise({
      'packages/shared/src/constants.ts': 'export const A = 1;\n',
      'server/src/users/repo.ts': 'export const r = 1;\n',
      'server/src/users/routes.ts': 'export const h = 1;\n',
      'web/src/features/presets/z.ts': 'export const z = 1;\n',
      [path]: source,
    });
    expect(result.ok).toBe(false);
    expect(result.output).toContain(rule);
  });
});
