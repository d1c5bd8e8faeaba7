// A real HTTP API described by an OpenAPI 3 spec, for the action tests: it echoes what it received, issues
// OAuth client-credentials tokens, fails, stays silent, answers huge bodies and redirects.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface TestApi {
  server: Server;
  port: number;
  origin: string;
  seen: SeenRequest[];
  tokenRequests: SeenRequest[];
  /** `expires_in` of the next tokens issued. */
  tokenLifetime: { seconds: number };
  /** Each `/huge` answer: the MB of its 50 written (as the socket took them), and whether it was closed. */
  hugeAnswers: { sentMb: number; closed: boolean }[];
  spec(serverUrl?: string): string;
  close(): Promise<void>;
}

export async function startTestApi(): Promise<TestApi> {
  const seen: SeenRequest[] = [];
  const tokenRequests: SeenRequest[] = [];
  const tokenLifetime = { seconds: 3600 };
  const hugeAnswers: TestApi['hugeAnswers'] = [];
  let issued = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      const url = new URL(request.url, 'http://x');
      url.pathname = url.pathname.replace(/^\/v1\//, '/');
      if (url.pathname === '/oauth/token') {
        tokenRequests.push(request);
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_secret') !== 'shh') {
          res.writeHead(401).end('{"error":"invalid_client"}');
          return;
        }
        issued += 1;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            access_token: `tok-${issued}`,
            token_type: 'bearer',
            expires_in: tokenLifetime.seconds,
          }),
        );
        return;
      }
      seen.push(request);
      if (url.pathname === '/fail') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"database on fire"}');
        return;
      }
      if (url.pathname === '/silent') return; // never answers
      if (url.pathname === '/huge') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(1024 * 1024, 'x');
        const answer = { sentMb: 0, closed: false };
        hugeAnswers.push(answer);
        res.on('close', () => (answer.closed = true));
        const pump = (): void => {
          while (answer.sentMb < 50 && !res.destroyed) {
            answer.sentMb += 1;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        res.on('error', () => undefined);
        pump();
        return;
      }
      if (url.pathname === '/redirect') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
        return;
      }
      if (url.pathname === '/empty') {
        res.writeHead(204).end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          method: request.method,
          path: new URL(request.url, 'http://x').pathname,
          query: Object.fromEntries(url.searchParams),
          authorization: req.headers.authorization ?? null,
          custom: req.headers['x-api-key'] ?? null,
          contentType: req.headers['content-type'] ?? null,
          body: body === '' ? null : (JSON.parse(body) as unknown),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    server,
    port,
    origin,
    seen,
    tokenRequests,
    tokenLifetime,
    hugeAnswers,
    spec: (serverUrl = `${origin}/v1`) => testApiSpec(serverUrl),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The YAML OpenAPI document of the test API, served at `serverUrl`. */
export function testApiSpec(serverUrl: string): string {
  return `openapi: 3.0.3
info: { title: Pets, version: "1.0" }
servers:
  - url: ${serverUrl}
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      summary: Get one pet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string } }
        - { name: verbose, in: query, schema: { type: boolean } }
        - { name: tags, in: query, schema: { type: array, items: { type: string } } }
      responses: { "200": { description: ok } }
  /pets:
    post:
      operationId: createPet
      summary: Create a pet
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: "#/components/schemas/NewPet" }
      responses: { "201": { description: created } }
  /fail:
    get: { operationId: fail, responses: { "500": { description: fails } } }
  /silent:
    get: { operationId: silent, responses: { "200": { description: never } } }
  /huge:
    get: { operationId: huge, responses: { "200": { description: big } } }
  /redirect:
    get:
      operationId: redirect
      parameters: [{ name: to, in: query, required: true, schema: { type: string } }]
      responses: { "302": { description: moved } }
  /empty:
    delete: { operationId: empty, responses: { "204": { description: gone } } }
components:
  schemas:
    NewPet:
      type: object
      required: [name]
      properties:
        name: { type: string }
        owner: { $ref: "#/components/schemas/Person" }
    Person:
      type: object
      properties:
        name: { type: string }
        friend: { $ref: "#/components/schemas/Person" }
`;
}
