import { defineProject } from 'vitest/config';

/**
 * The test that measures how fast /health answers while a huge import, read and export run, in a project of
 * its own that runs once every other project has finished (`groupOrder`; the others are group 0), so other
 * test files do not take the two cores its figures are about. Same settings as vitest.config.ts, which
 * excludes the file.
 */
export default defineProject({
  test: {
    name: 'server-alone',
    include: ['src/import/big-import.test.ts'],
    sequence: { groupOrder: 1 },
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
