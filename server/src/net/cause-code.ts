/** The first string `code` along an error's `cause` chain (fetch and the SDKs wrap the socket error once or twice). */
export function causeCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return '';
}
