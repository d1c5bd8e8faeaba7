import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** What the request serializer reads of a Fastify request (or a Node `IncomingMessage`). */
interface LoggedRequest {
  method?: string | undefined;
  url?: string | undefined;
  host?: string | undefined;
  ip?: string | undefined;
  socket?: { remotePort?: number | undefined } | null | undefined;
}

/** The URL without its query string: signed links (`?sig=…`) and other secrets in it never reach a log. */
export const withoutQuery = (url: string | undefined): string | undefined => url?.split('?', 1)[0];

/** Fastify's request serializer, minus the query string. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: withoutQuery(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Structured JSON logs; `LOG_LEVEL` picks the level (silent in tests). `destination`: default stdout. */
export function createLogger(level: string = 'info', destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: { req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}
