// A worker thread that checks and plans action specs (spec-check.ts) off the server's event loop; the pool
// of validate-spec.ts starts a few. It says `ready` once its modules are loaded (swagger-parser too), so the
// per-spec time limit does not count the worker's start.
import { parentPort } from 'node:worker_threads';
import { runSpecTask, type SpecTask } from './spec-check';

await import('@apidevtools/swagger-parser');
parentPort?.on('message', (message: { id: number; task: SpecTask }) => {
  void runSpecTask(message.task).then((result) => parentPort?.postMessage({ id: message.id, result }));
});
parentPort?.postMessage({ ready: true });
