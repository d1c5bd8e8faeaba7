import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../lib/errors';
import { planItems, type WorkerInput, type WorkerReply } from './worker-protocol';
import { readImportFile } from './read-file';

/**
 * The import worker (a thread of its own, one per import): parses and converts the file, answers the
 * summary, then one item per `next` request from the server's thread, which writes each to the database
 * before asking for the next — the file never crosses to the HTTP event loop whole.
 */
const port = parentPort;
if (!port) throw new Error('parse-worker runs as a worker thread');
const input = workerData as WorkerInput;
const post = (reply: WorkerReply) => port.postMessage(reply);

try {
  const plan = readImportFile(new Uint8Array(input.body), input.options);
  const items = planItems(plan, input.options.batchSize);
  post({ kind: 'summary', format: plan.format, failed: plan.failed, messages: plan.messages });
  port.on('message', () => {
    const next = items.next();
    post(next.done ? { kind: 'end' } : next.value);
  });
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  post({ kind: 'error', status: error.status, message: error.message, code: error.code ?? null });
}
