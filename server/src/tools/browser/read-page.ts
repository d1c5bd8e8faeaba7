// Reads a page's relevant passages in a worker thread of its own (parsing a big page never stalls the
// server), with a time limit and the call's abort signal.
import { Worker } from 'node:worker_threads';
import { ToolError } from '../tool';

export interface ReadPage {
  title: string;
  passages: string[];
  /** Whether any passage matched the question's words (else the page's beginning). */
  matched: boolean;
  /** Characters of readable text the page has. */
  characters: number;
}

type WorkerReply = ({ ok: true } & ReadPage) | { ok: false; error: string };

const WORKER_URL = new URL('./readable-worker.mjs', import.meta.url);

export function readPage(
  input: { html: string; url: string; question: string; chunkSize: number; budget: number },
  options: { signal: AbortSignal; timeLimitMs: number },
): Promise<ReadPage> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const onAbort = () => finish(() => reject(new ToolError('Stopped.')));
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new ToolError(`Reading the page took longer than ${options.timeLimitMs / 1000} s.`)),
        ),
      options.timeLimitMs,
    );
    options.signal.addEventListener('abort', onAbort, { once: true });
    if (options.signal.aborted) onAbort();
    worker.once('message', (reply: WorkerReply) =>
      finish(() =>
        reply.ok
          ? resolve({
              title: reply.title,
              passages: reply.passages,
              matched: reply.matched,
              characters: reply.characters,
            })
          : reject(new ToolError(`The page could not be read: ${reply.error}`)),
      ),
    );
    worker.once('error', (error) =>
      finish(() => reject(new ToolError('The page could not be read.', { cause: error }))),
    );
    worker.once('exit', () => finish(() => reject(new ToolError('The page could not be read.'))));
  });
}
