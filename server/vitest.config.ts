import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Its own project, run after the others (vitest.alone.config.ts).
    exclude: [...configDefaults.exclude, 'src/import/big-import.test.ts'],
    environment: 'node',
    // Migrates once: a PGlite snapshot and a PostgreSQL template database (see test/global-setup.ts).
    globalSetup: ['./test/global-setup.ts'],
    // PGlite is WASM; child processes isolate it more predictably than worker threads.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
