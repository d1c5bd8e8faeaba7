import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Logger } from '../../src/lib/logger';

export interface CapturedLogs {
  logger: Logger;
  /** The `msg` of every line logged so far. */
  readonly messages: string[];
  /** Every line logged so far, whole (with its error and fields): what a failure message can show. */
  readonly lines: string[];
  count(pattern: RegExp): number;
  /** Resolves once a message matches, polling; rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

/** A real pino logger (from `level` up, info by default) whose lines the test can read. */
export function captureLogs(level: 'info' | 'warn' = 'info'): CapturedLogs {
  const messages: string[] = [];
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        lines.push(line);
        const parsed: unknown = JSON.parse(line);
        if (
          typeof parsed === 'object' &&
          parsed !== null &&
          'msg' in parsed &&
          typeof parsed.msg === 'string'
        )
          messages.push(parsed.msg);
      }
      done();
    },
  });
  const count = (pattern: RegExp) => messages.filter((message) => pattern.test(message)).length;
  return {
    logger: pino({ level }, sink),
    messages,
    lines,
    count,
    // A hang guard, not a speed limit: the embedded database's restart took longer than 20 s at load 35.
    async waitFor(pattern, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (count(pattern) === 0) {
        if (Date.now() > deadline)
          throw new Error(`no log line matched ${String(pattern)}: ${messages.join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
