import { defineProject } from 'vitest/config';

// Logic runs under node; component tests ask for happy-dom in their first line (jsdom is not installed).
export default defineProject({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Hang guards, not speed limits (docs/decisions.md): a component test took 3 s of the default 5 at load 25.
    testTimeout: 30_000,
    // expect.poll waits for a condition (default 1 s): long enough for a loaded machine to get there.
    expect: { poll: { timeout: 20_000 } },
  },
});
