import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment and setup.
export default defineConfig({
  test: {
    // Tests spend much of their time waiting (PostgreSQL, child processes, fakes), so even 2 cores run 3 files.
    maxWorkers: Math.max(3, availableParallelism()),
    projects: [
      'packages/shared',
      'server',
      'server/vitest.alone.config.ts',
      'fakes',
      'web',
      'scripts',
      'bench',
    ],
  },
});
