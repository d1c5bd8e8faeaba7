/**
 * Messages between the server and the embedded database's worker thread (structured clone over the worker's
 * port: Dates, bigints and byte arrays cross as they are).
 */

/** How the worker starts: `init` creates a data dir (initdb) and exits; `serve` answers requests. */
export interface WorkerData {
  dataDir: string;
}

export type RowMode = 'array' | 'object';

export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: RowMode;
      /** Type OIDs whose text stays as it is (drizzle maps timestamps and dates itself). */
      rawTypes: number[];
      /** Runs inside this open transaction. */
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** Opens a transaction; the answer is its id, used by later requests until `end`. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export interface QueryResultData {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type WorkerReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

/** Sent once by a serving worker when its database is open. */
export interface WorkerReady {
  ready: true;
}

export interface SerializedError {
  name: string;
  message: string;
  /** PostgreSQL's fields (code, detail, constraint, table…): whatever primitives the error carried. */
  fields: Record<string, string | number | boolean>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, fields };
}

/** The worker's error again, with PostgreSQL's fields (`code`…) where callers look for them. */
export function deserializeError(data: SerializedError): Error {
  const error = new Error(data.message);
  error.name = data.name;
  return Object.assign(error, data.fields);
}
