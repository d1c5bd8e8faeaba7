/** True when `error` (or one of its causes) is PostgreSQL's foreign_key_violation (23503), on either driver. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === '23503') return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
