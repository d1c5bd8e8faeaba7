import { ACTION_DELIMITER, ENCODED_DOMAIN_LENGTH } from '@parley/shared/schemas/action';

/** SPEC §3/§9: an action's function is `<operationId>_action_<encoded domain>`. */
const DOMAIN_SEPARATOR = '---';

/** Whether a tool name is an action's function. */
export function isActionFunction(name: string): boolean {
  return name.includes(ACTION_DELIMITER);
}

/**
 * How an action's function is named in a message: its operation and, when the encoded part is a short
 * domain (separators as dots, length other than 10), that domain (SPEC §3 Action).
 */
export function actionFunctionLabel(name: string): { operation: string; domain: string | null } | null {
  const at = name.lastIndexOf(ACTION_DELIMITER);
  if (at <= 0) return null;
  const operation = name.slice(0, at);
  const encoded = name.slice(at + ACTION_DELIMITER.length);
  const decoded = encoded.split(DOMAIN_SEPARATOR).join('.');
  return { operation, domain: decoded.length !== ENCODED_DOMAIN_LENGTH ? decoded : null };
}
