import type { IncomingMessage, Server, ServerResponse } from 'node:http';

const MAX_BODY_BYTES = 10 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    const buffer = Buffer.isBuffer(part) ? part : Buffer.from(String(part));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError(`body exceeds ${MAX_BODY_BYTES} bytes`);
    parts.push(buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; error: string };

export function parseJson(text: string): ParsedJson {
  if (text.trim() === '') return { ok: false, error: 'empty body' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export interface RunningServer {
  /** `http://HOST:PORT`, with a wildcard host shown as 127.0.0.1. */
  url: string;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts listening (port 0 picks a free one) and returns the base URL and a close that ends open streams. */
export function listenOn(server: Server, port: number, host: string): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address !== 'object') {
        reject(new Error(`unexpected listen address: ${String(address)}`));
        return;
      }
      resolve({
        url: `http://${urlHost(host)}:${address.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
