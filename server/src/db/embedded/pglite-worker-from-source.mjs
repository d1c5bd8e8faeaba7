// Runs pglite-worker.ts from source (tests, `npm run dev`): a worker thread does not inherit the parent's
// TypeScript loader, so it registers tsx itself. The built server runs dist/pglite-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
