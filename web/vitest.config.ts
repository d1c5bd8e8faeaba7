import { defineProject } from 'vitest/config';

// Pure logic only: jsdom is not installed, so components are exercised by the Playwright journeys.
export default defineProject({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
