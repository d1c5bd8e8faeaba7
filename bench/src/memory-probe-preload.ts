// Not part of `npm run bench`: loaded into the built server with `node --expose-gc --import` by
// memory-after-chats.ts (issue 28). SIGUSR2 collects the main thread's garbage (twice, so objects freed by
// finalizers go too) and writes its memory figures to `${PROBE_OUT}.${n}.json`.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const out = process.env.PROBE_OUT ?? '/tmp/memory-probe';
let dumps = 0;
const collect = (globalThis as { gc?: () => void }).gc;

process.on('SIGUSR2', () => {
  collect?.();
  collect?.();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
  );
  writeFileSync(
    `${out}.${++dumps}.json`,
    JSON.stringify({ usage: process.memoryUsage(), heap: v8.getHeapStatistics(), spaces }),
  );
});
