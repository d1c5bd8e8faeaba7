// The worker thread that checks action specs (spec-check.ts) off the server's event loop. It says `ready`
// once its modules are loaded, so the per-spec time limit does not count the worker's start.
import { parentPort } from 'node:worker_threads';
import { checkActionSpec } from './spec-check';

parentPort?.on('message', (message: { id: number; raw: string }) => {
  void checkActionSpec(message.raw).then((result) => parentPort?.postMessage({ id: message.id, result }));
});
parentPort?.postMessage({ ready: true });
