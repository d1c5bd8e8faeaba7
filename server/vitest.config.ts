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
    // Hang guards, not speed limits (timings live in bench/): on the shared 2-core machines, at a load of 14,
    // an import of a 5,000-message tree took over 20 s; a test that hangs still fails within a minute or two.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // expect.poll waits for a condition (default 1 s): long enough for a loaded machine to get there.
    expect: { poll: { timeout: 20_000 } },
  },
});
