// The extraction worker's entry: reads one spooled file at a time, extracts its text and chunks it, and
// answers the server. Runs in a worker thread the server terminates when it takes too long.
import { readFile, stat } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { extractDocument } from './extract-document';
import type { ExtractionReply, ExtractionRequest } from './extraction-protocol';

const port = parentPort;
if (!port) throw new Error('extract-worker.ts runs only as a worker thread');

port.on('message', (request: ExtractionRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});

async function answer(request: ExtractionRequest): Promise<ExtractionReply> {
  try {
    const { size } = await stat(request.path);
    if (size > request.maxBytes) return { id: request.id, ok: false, reason: 'too_large' };
    const bytes = await readFile(request.path);
    return { id: request.id, ...(await extractDocument(new Uint8Array(bytes), request)) };
  } catch {
    return { id: request.id, ok: false, reason: 'unreadable' };
  }
}
