import type { IncomingHttpHeaders } from 'node:http';

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  query: Record<string, string>;
  /** Lower-case header names; repeated headers are joined with `, `. */
  headers: Record<string, string>;
  /** The parsed JSON body, or `null` when the body was empty or not JSON. */
  body: unknown;
  /** Azure routes only: the deployment named in the path and the `api-version` query (null when absent). */
  azure?: { deployment: string; apiVersion: string | null };
  /** `performance.now()` when the request arrived, and when its answer ended (benchmarks in the same process). */
  receivedAt?: number;
  answeredAt?: number;
}

export function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Requests the fake received on its `/v1` and Azure `/openai` routes, oldest first. */
export class RequestLog {
  private readonly entries: RecordedRequest[] = [];

  record(entry: RecordedRequest): void {
    this.entries.push(entry);
  }

  clear(): void {
    this.entries.length = 0;
  }

  get all(): readonly RecordedRequest[] {
    return this.entries;
  }
}
