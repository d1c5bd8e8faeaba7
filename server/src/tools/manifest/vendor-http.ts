// What every vendor tool does with HTTP: the vendor's base URL from the environment (admin-trusted, so tests
// point them at fakes), one request with the call's signal, and every failure as a ToolError the model and
// the user can read (a status, garbage, silence) — never a server error.
import { withStaleConnectionRetry } from '../../net/stale-connection-retry';
import { envAuthValue } from '../plugin-auth';
import { ToolError } from '../tool';
import type { ToolDeps } from './manifest-entry';

/** Longest vendor answer read (a search result page, a generated image in base64). */
export const MAX_VENDOR_BYTES = 16 * 1024 * 1024;

/** The base URL the environment names (`name`), else the vendor's public one; without a trailing slash. */
export function vendorBase(deps: ToolDeps, name: string, fallback: string): string {
  const value = deps.env[name]?.trim();
  return (value && value !== '' ? value : fallback).replace(/\/+$/, '');
}

/**
 * The fetch for a URL held in an auth field: the administrator's (environment) value is trusted, a value a
 * user stored goes through the address guard like any URL a user supplies.
 */
export function fetchForAuthUrl(deps: ToolDeps, authField: string): ToolDeps['fetch'] {
  return envAuthValue(deps.env, authField) === undefined ? deps.guardedFetch : deps.fetch;
}

export interface VendorRequest {
  /** Shown in messages: "Tavily answered 500 …". */
  vendor: string;
  fetch: ToolDeps['fetch'];
  url: string;
  init?: RequestInit;
  signal: AbortSignal;
}

/** Reads the body, refusing one larger than `MAX_VENDOR_BYTES`. */
async function readText(response: Response, vendor: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_VENDOR_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new ToolError(`${vendor} answered more than ${MAX_VENDOR_BYTES / 1024 / 1024} MB.`);
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_VENDOR_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new ToolError(`${vendor} answered more than ${MAX_VENDOR_BYTES / 1024 / 1024} MB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The vendor's own words about an error, when its body says something short and readable. */
function vendorWords(body: string): string {
  let said: unknown = body;
  try {
    const json = JSON.parse(body) as unknown;
    if (json && typeof json === 'object') {
      const record = json as Record<string, unknown>;
      const error = record.error ?? record.detail ?? record.message;
      said =
        error && typeof error === 'object'
          ? ((error as Record<string, unknown>).message ?? JSON.stringify(error))
          : error;
    }
  } catch {
    // plain text
  }
  if (typeof said !== 'string') return '';
  const line = said.replace(/\s+/g, ' ').trim();
  if (line === '' || /<html|<!doctype/i.test(line)) return '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** Sends the request; answers the body as text for a 2xx, else throws a ToolError naming the status. */
export async function vendorText(request: VendorRequest): Promise<{ text: string; response: Response }> {
  const { vendor, signal } = request;
  let response: Response;
  try {
    // A search or image request is sent again once when the vendor closed its kept-alive connection under it.
    response = await withStaleConnectionRetry(request.fetch)(request.url, { ...request.init, signal });
  } catch (error) {
    if (signal.aborted) throw new ToolError('Stopped.', { cause: error });
    const reason = error instanceof Error && error.name === 'AddressRefusedError' ? ` ${error.message}` : '';
    throw new ToolError(`${vendor} could not be reached.${reason}`, { cause: error });
  }
  let text: string;
  try {
    text = await readText(response, vendor);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    if (signal.aborted) throw new ToolError('Stopped.', { cause: error });
    throw new ToolError(`${vendor}'s answer was cut off.`, { cause: error });
  }
  if (!response.ok) {
    const words = vendorWords(text);
    const hint =
      response.status === 401 || response.status === 403
        ? ' Check the credentials in the plugin settings.'
        : '';
    const said = words.replace(/\.$/, '');
    throw new ToolError(`${vendor} answered ${response.status}${said ? `: ${said}` : ''}.${hint}`);
  }
  return { text, response };
}

/** `vendorText`, parsed as a JSON object (else a ToolError saying the answer was not understood). */
export async function vendorJson(request: VendorRequest): Promise<Record<string, unknown>> {
  const { text } = await vendorText(request);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ToolError(`${request.vendor} answered something that is not JSON.`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ToolError(`${request.vendor} answered JSON of an unexpected shape.`);
  }
  return parsed as Record<string, unknown>;
}

export const asString = (value: unknown): string => (typeof value === 'string' ? value : '');
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The `query` argument, trimmed; a ToolError when empty. */
export function queryArg(args: Record<string, unknown>, name = 'query'): string {
  const value = typeof args[name] === 'string' ? args[name].trim() : '';
  if (value === '') throw new ToolError(`The ${name} is empty.`);
  return value;
}

/** A numbered list of search results as the model reads them. */
export function formatResults(
  results: ReadonlyArray<{ title: string; url: string; snippet: string }>,
  extra: readonly string[] = [],
): string {
  const lines = [...extra];
  results.forEach((result, index) => {
    lines.push(
      `${index + 1}. ${result.title || result.url}\n   ${result.url}\n   ${result.snippet}`.trimEnd(),
    );
  });
  return lines.length === 0 ? 'No results.' : lines.join('\n');
}
