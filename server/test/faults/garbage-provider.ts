import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer to a chat completion request: a status, a content type and a body written piece by piece. */
export interface GarbageAnswer {
  status?: number;
  contentType: string;
  pieces: string[];
}

/** A server at an OpenAI base URL that answers each chat completion with the next scripted garbage. */
export interface GarbageProvider {
  /** `http://127.0.0.1:PORT/v1` */
  readonly baseURL: string;
  answer(answer: GarbageAnswer): void;
  close(): Promise<void>;
}

/** `data: <json>` frames of a well-formed Chat Completions stream delta. */
export function sseDelta(text: string): string {
  const chunk = {
    id: 'chatcmpl-garbage',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

async function drain(req: IncomingMessage): Promise<void> {
  for await (const chunk of req) void chunk;
}

/**
 * The OpenAI fake speaks the protocol correctly; this one does not, on purpose: HTML error pages with a
 * 200, non-JSON `data:` lines, JSON of the wrong shape.
 */
export async function startGarbageProvider(): Promise<GarbageProvider> {
  const queue: GarbageAnswer[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    await drain(req);
    if (req.url?.startsWith('/v1/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] }));
      return;
    }
    const answer = queue.shift() ?? { status: 500, contentType: 'text/plain', pieces: ['nothing scripted'] };
    res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType });
    for (const piece of answer.pieces) {
      res.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    res.end();
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    answer: (answer) => queue.push(answer),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
