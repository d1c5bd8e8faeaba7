// A real socket server that resets the first requests sent to it (as a provider closing a kept-alive
// connection at the moment a request arrives does), then answers with JSON.
import { createServer, type Socket } from 'node:net';
import { onTestFinished } from 'vitest';

export interface ResettingServer {
  url: string;
  /** Requests that reached the server, reset or answered. */
  requests: number;
}

/**
 * Resets the first `resets` requests once their headers arrived and answers the others with `answer`; closed
 * when the test ends.
 */
export async function resettingServer(
  resets: number,
  answer: { status: number; json: unknown },
): Promise<ResettingServer> {
  const state = { requests: 0 };
  const server = createServer((socket: Socket) => {
    let head = '';
    socket.on('data', (chunk) => {
      if (head.includes('\r\n\r\n')) return;
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      state.requests += 1;
      if (state.requests <= resets) {
        socket.resetAndDestroy();
        return;
      }
      const body = JSON.stringify(answer.json);
      socket.end(
        `HTTP/1.1 ${answer.status} X\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `connection: close\r\n\r\n${body}`,
      );
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    get requests() {
      return state.requests;
    },
  };
}
