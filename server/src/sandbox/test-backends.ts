// The sandbox backends this machine offers, for tests: each test file runs its cases on the ones present. On
// CI both must be (`npm test` installs bubblewrap and python3): a missing one fails the run instead of
// skipping it; elsewhere it is skipped with a loud notice.
import { it } from 'vitest';
import { detectSandbox } from './detect';
import type { SandboxBackend } from './types';

export type LiveBackend = Exclude<SandboxBackend, { kind: 'off' }>;

export interface BackendCase {
  name: 'python' | 'pyodide';
  backend: LiveBackend | undefined;
  reason?: string;
}

export async function backendCases(): Promise<BackendCase[]> {
  const cases: BackendCase[] = [];
  for (const name of ['python', 'pyodide'] as const) {
    const found = await detectSandbox({ only: name });
    if (found.kind === 'off') {
      cases.push({ name, backend: undefined, reason: found.reason });
      if (process.env.CI !== 'true') {
        process.stderr.write(
          `\n!!!!!!!! sandbox backend ${name} unavailable (${found.reason}): its tests are SKIPPED !!!!!!!!\n`,
        );
      }
    } else {
      cases.push({ name, backend: found });
    }
  }
  return cases;
}

/** On CI, a test that fails when the backend is missing (elsewhere nothing). */
export function requireOnCi(testCase: BackendCase): void {
  if (testCase.backend || process.env.CI !== 'true') return;
  it(`has the ${testCase.name} backend (CI installs bubblewrap and python3)`, () => {
    throw new Error(`The ${testCase.name} sandbox backend is unavailable on CI: ${testCase.reason}`);
  });
}
