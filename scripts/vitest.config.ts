import { defineProject } from 'vitest/config';

// A hang guard, not a speed limit: each import-rules case runs the real dependency-cruiser over a fresh tree,
// 8–14 s alone and 31 s once with three clean-clone runs side by side on two cores (load 30).
export default defineProject({ test: { name: 'scripts', include: ['*.test.ts'], testTimeout: 180_000 } });
