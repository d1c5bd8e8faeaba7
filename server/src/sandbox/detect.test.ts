// Which runtime the code interpreter gets: CPython in bubblewrap, else Pyodide in bubblewrap, else none (off, with
// the reason) — decided from what PATH holds, and proved by running the real profile once.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { detectSandbox } from './detect';
import { createSandboxPool, offMessage } from './index';
import { backendCases } from './test-backends';

vi.setConfig({ testTimeout: 120_000 });

const bin = mkdtempSync(join(tmpdir(), 'parley-path-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));
const cases = await backendCases();
const bwrapPresent = cases.some((testCase) => testCase.backend);

describe('detectSandbox', () => {
  it('is off when bubblewrap is not on PATH, and nothing runs', async () => {
    const backend = await detectSandbox({ path: '/usr/local/bin:/nonexistent' });
    expect(backend).toEqual({ kind: 'off', reason: 'bubblewrap (bwrap) is not installed' });
    const pool = createSandboxPool({ backend });
    const result = await pool.run({ userId: 'u1', code: 'print(1)', files: [] });
    expect(result).toMatchObject({ stdout: '', timedOut: false, files: [] });
    expect(result.failure).toBe(offMessage('bubblewrap (bwrap) is not installed'));
    expect(result.failure).toMatch(
      /^The code interpreter is off: bubblewrap \(bwrap\) is not installed\. Install bubblewrap/,
    );
    await pool.close();
  });

  it.skipIf(!bwrapPresent && process.env.CI !== 'true')(
    'takes CPython when python3 is on PATH, else falls back to Pyodide — never to an unisolated runtime',
    async () => {
      symlinkSync('/usr/bin/bwrap', join(bin, 'bwrap'));
      const withoutPython = await detectSandbox({ path: bin });
      expect(withoutPython).toMatchObject({ kind: 'pyodide', bwrap: '/usr/bin/bwrap' });
      symlinkSync('/usr/bin/python3', join(bin, 'python3'));
      const withPython = await detectSandbox({ path: bin });
      expect(withPython).toMatchObject({ kind: 'python', bwrap: '/usr/bin/bwrap' });
      expect(withPython.kind === 'python' && withPython.python).toMatch(/^\/usr\/bin\/python3/);
    },
  );

  it.skipIf(!bwrapPresent && process.env.CI !== 'true')(
    'skips a python3 outside /usr (the sandbox shows only /usr)',
    async () => {
      const elsewhere = join(bin, 'elsewhere');
      mkdirSync(elsewhere, { recursive: true });
      symlinkSync('/usr/bin/bwrap', join(elsewhere, 'bwrap'));
      writeFileSync(join(elsewhere, 'python3'), '#!/bin/sh\n');
      chmodSync(join(elsewhere, 'python3'), 0o755);
      const found = await detectSandbox({ path: elsewhere, only: 'python' });
      expect(found).toEqual({ kind: 'off', reason: 'python3 is not installed' });
    },
  );
});
