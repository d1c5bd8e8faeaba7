import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small API described by an OpenAPI 3 spec: one GET that answers a fact to the right bearer key only. */
export interface FactApi {
  origin: string;
  /** The OpenAPI 3 document (JSON) a user pastes into the action editor. */
  spec: string;
  /** Every request it received. */
  seen: { method: string; url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export async function startFactApi(key: string, fact: string): Promise<FactApi> {
  const seen: FactApi['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://x').pathname !== '/fact') {
      res.writeHead(404).end(JSON.stringify({ error: 'not found' }));
    } else if (req.headers.authorization !== `Bearer ${key}`) {
      res.writeHead(401).end(JSON.stringify({ error: 'a bearer key is required' }));
    } else {
      res.end(JSON.stringify({ fact }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const spec = JSON.stringify(
    {
      openapi: '3.0.3',
      info: { title: 'Harbour facts', version: '1.0.0' },
      servers: [{ url: origin }],
      paths: {
        '/fact': {
          get: {
            operationId: 'getFact',
            summary: 'Tells the fact of the day about the harbour',
            security: [{ bearer: [] }],
            responses: { '200': { description: 'The fact' } },
          },
        },
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    null,
    2,
  );
  return {
    origin,
    spec,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
