// Action domains inside function names (SPEC §3, §9): tool names must match `^[a-zA-Z0-9_-]{1,64}$` on
// OpenAI-compatible servers, so a domain is always encoded. A short host name (at most ENCODED_DOMAIN_LENGTH
// characters, letters/digits/hyphens/dots) keeps its text with each dot written `---`, and decodes back; any
// other domain becomes ENCODED_DOMAIN_LENGTH characters of a SHA-256 digest (base64url), which is found
// again among the assistant's own action domains. Unlike LibreChat's base64 prefix, two long domains that
// share their first characters (api.example.com, api.example.org) do not collide.
import { createHash } from 'node:crypto';

export const ENCODED_DOMAIN_LENGTH = 10;
export const ACTION_DELIMITER = '_action_';
const DOT = '---';
// Labels of letters and digits with single inner hyphens, so `---` can only ever mean a dot.
const SHORT_DOMAIN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

function isShortDomain(domain: string): boolean {
  return domain.length <= ENCODED_DOMAIN_LENGTH && SHORT_DOMAIN.test(domain);
}

/** The domain as it appears in function names (after `_action_`). */
export function encodeDomain(domain: string): string {
  const normalized = domain.trim().toLowerCase();
  if (isShortDomain(normalized)) return normalized.replaceAll('.', DOT);
  return createHash('sha256').update(normalized).digest('base64url').slice(0, ENCODED_DOMAIN_LENGTH);
}

/**
 * The domain an encoded one stands for: the one of `known` (the assistant's action domains) that encodes to
 * it; without `known`, the decoded short form when `encoded` can be one (a digest cannot be reversed:
 * `undefined`).
 */
export function decodeDomain(encoded: string, known?: Iterable<string>): string | undefined {
  if (known) {
    for (const domain of known) if (encodeDomain(domain) === encoded) return domain.trim().toLowerCase();
    return undefined;
  }
  const decoded = encoded.replaceAll(DOT, '.');
  return isShortDomain(decoded) && encodeDomain(decoded) === encoded ? decoded : undefined;
}

/** The function name of an operation of `domain`. */
export function actionFunctionName(operationName: string, domain: string): string {
  return `${operationName}${ACTION_DELIMITER}${encodeDomain(domain)}`;
}

/** Splits `<operation>_action_<encoded domain>`; undefined when the name is not an action function. */
export function splitActionFunctionName(
  name: string,
): { operation: string; encodedDomain: string } | undefined {
  const at = name.lastIndexOf(ACTION_DELIMITER);
  if (at <= 0) return undefined;
  const encodedDomain = name.slice(at + ACTION_DELIMITER.length);
  return encodedDomain === '' ? undefined : { operation: name.slice(0, at), encodedDomain };
}
