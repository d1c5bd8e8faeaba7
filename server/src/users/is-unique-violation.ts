/** True when `error` (or one of its causes) is PostgreSQL's unique_violation (23505), on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
