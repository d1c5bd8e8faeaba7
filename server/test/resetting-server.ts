// A real socket server that resets the first requests sent to it (as a provider closing a kept-alive
// connection at the moment a request arrives does), then answers with JSON or another body.
import { createServer, type Socket } from 'node:net';
import { onTestFinished } from 'vitest';

export interface ResettingServer {
  url: string;
  /** Requests that reached the server, reset or answered. */
  requests: number;
}

/** What the requests after the reset ones are answered: JSON, or a body of the given content type. */
export type ResettingServerAnswer =
  { status: number; json: unknown } | { status: number; body: string; contentType: string };

/**
 * Resets the first `resets` requests once their headers arrived and answers the others with `answerOf` (or
 * what it gives for the server's URL); closed when the test ends.
 */
export async function resettingServer(
  resets: number,
  answerOf: ResettingServerAnswer | ((url: string) => ResettingServerAnswer),
): Promise<ResettingServer> {
  // Known once the server listens (an answer may name it).
  let status = 0;
  let body = '';
  let contentType = '';
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
      socket.end(
        `HTTP/1.1 ${status} X\r\ncontent-type: ${contentType}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `connection: close\r\n\r\n${body}`,
      );
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  // An answer may name the server (an OpenID discovery document names its issuer).
  const answer = typeof answerOf === 'function' ? answerOf(url) : answerOf;
  status = answer.status;
  body = 'json' in answer ? JSON.stringify(answer.json) : answer.body;
  contentType = 'json' in answer ? 'application/json' : answer.contentType;
  return {
    url,
    get requests() {
      return state.requests;
    },
  };
}
