import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; `LOG_LEVEL` picks the level (silent in tests). */
export function createLogger(level: string = 'info'): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });
}
