// Starts a TypeScript worker when the server runs from its sources (tsx, vitest); the built server starts
// dist/extract-worker.js directly instead.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
