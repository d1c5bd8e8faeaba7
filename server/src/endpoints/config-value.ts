import { USER_PROVIDED } from '@parley/shared/schemas/user-key';
import type { Env } from '../config/env';

/**
 * A key or URL from the environment or the YAML config, once `${VAR}` references are looked up: given by
 * the server, brought by each user (`user_provided`), or unusable because a referenced variable is unset.
 */
export type ConfigValue =
  { type: 'server'; value: string } | { type: 'user' } | { type: 'missing'; variable: string };

/** Where a secret comes from, once the config is known to be usable. */
export type Secret = { type: 'server'; value: string } | { type: 'user' };

const REFERENCE = /\$\{([^}]+)\}/g;

/**
 * Replaces every `${VAR}` in `text` by the variable's value; `keep` names placeholders that are not
 * variables (Azure's `${INSTANCE_NAME}`), left as they are. Returns the first unset variable instead.
 */
export function substituteVariables(
  text: string,
  vars: Env,
  keep: readonly string[] = [],
): { type: 'ok'; value: string } | { type: 'missing'; variable: string } {
  let missing: string | undefined;
  const value = text.replace(REFERENCE, (whole, name: string) => {
    const variable = name.trim();
    if (keep.includes(variable)) return whole;
    const found = vars[variable];
    if (found === undefined || found.trim() === '') {
      missing ??= variable;
      return whole;
    }
    return found.trim();
  });
  return missing === undefined ? { type: 'ok', value } : { type: 'missing', variable: missing };
}

/** A configured key or URL: literal, `${VAR}` (also inside a longer text) or `user_provided`. */
export function resolveConfigValue(raw: string, vars: Env): ConfigValue {
  const trimmed = raw.trim();
  if (trimmed === USER_PROVIDED) return { type: 'user' };
  const substituted = substituteVariables(trimmed, vars);
  if (substituted.type === 'missing') return substituted;
  if (substituted.value === USER_PROVIDED) return { type: 'user' };
  return { type: 'server', value: substituted.value };
}

/** An environment value (already without `${}`): `user_provided` or the server's own. */
export function envSecret(value: string | undefined): Secret | undefined {
  if (value === undefined) return undefined;
  return value === USER_PROVIDED ? { type: 'user' } : { type: 'server', value };
}

/** Header values with `${VAR}` looked up; a header whose variable is unset is left out (and reported). */
export function resolveHeaders(
  headers: Readonly<Record<string, string>> | undefined,
  vars: Env,
  report: (problem: string) => void,
): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers ?? {})) {
    const value = substituteVariables(raw, vars);
    if (value.type === 'ok') resolved[name] = value.value;
    else report(`header ${name}: environment variable ${value.variable} is not set; header left out`);
  }
  return resolved;
}

export const isUserProvided = (secret: Secret | undefined): boolean => secret?.type === 'user';
