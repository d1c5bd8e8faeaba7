/**
 * Evaluates the arithmetic LibreChat deployments write in durations (`SESSION_EXPIRY=1000 * 60 * 15`,
 * `REFRESH_TOKEN_EXPIRY=(1000 * 60 * 60 * 24) * 7`): numbers, + - * /, parentheses. Nothing else is
 * accepted (LibreChat `eval`s these; we parse them). Returns undefined for anything that is not such an
 * expression or not a finite number.
 */
export function evaluateArithmetic(source: string): number | undefined {
  const tokens = source.match(/\d+(?:\.\d+)?|[-+*/()]|\S/g) ?? [];
  let position = 0;
  const peek = (): string | undefined => tokens[position];
  const next = (): string | undefined => tokens[position++];

  function primary(): number {
    const token = next();
    if (token === '(') {
      const value = sum();
      if (next() !== ')') throw new SyntaxError('missing )');
      return value;
    }
    if (token === '-') return -primary();
    if (token !== undefined && /^\d/.test(token)) return Number(token);
    throw new SyntaxError(`unexpected ${token ?? 'end'}`);
  }
  function product(): number {
    let value = primary();
    while (peek() === '*' || peek() === '/') value = next() === '*' ? value * primary() : value / primary();
    return value;
  }
  function sum(): number {
    let value = product();
    while (peek() === '+' || peek() === '-') value = next() === '+' ? value + product() : value - product();
    return value;
  }

  try {
    const value = sum();
    return position === tokens.length && Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
