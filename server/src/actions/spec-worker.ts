// The worker thread that checks action specs (spec-check.ts) off the server's event loop.
import { parentPort } from 'node:worker_threads';
import { checkActionSpec } from './spec-check';

parentPort?.on('message', (message: { id: number; raw: string }) => {
  void checkActionSpec(message.raw).then((result) => parentPort?.postMessage({ id: message.id, result }));
});
