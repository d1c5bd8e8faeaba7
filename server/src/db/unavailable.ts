/** Socket errors of a database that went away or is not reachable (yet). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server shutting down, restarting or starting up (class 08 is any connection exception). */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);

function codeOf(error: object): string | undefined {
  return 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/**
 * Whether a query failed because PostgreSQL could not be reached (a restart, a failover, a dropped
 * connection) rather than because of the query: such a write may succeed when retried a little later.
 * Looks through drizzle's wrapper (`cause`) and the errors of an AggregateError.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const code = codeOf(error);
  if (code && (NETWORK_CODES.has(code) || SHUTDOWN_STATES.has(code) || code.startsWith('08'))) return true;
  if (error instanceof Error && /Connection terminated/i.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return 'cause' in error && isDatabaseUnavailable(error.cause, depth + 1);
}
