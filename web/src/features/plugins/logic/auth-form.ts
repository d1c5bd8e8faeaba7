import { PLUGIN_AUTH_MIN_LENGTH, type PluginAuthField } from '@parley/shared/schemas/plugin';

/** Why a credential is not acceptable (SPEC §5 plugin auth fields), or null. */
export type AuthFieldProblem = 'required' | 'too_short' | null;

export function authFieldProblem(value: string): AuthFieldProblem {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length < PLUGIN_AUTH_MIN_LENGTH) return 'too_short';
  return null;
}

/** Save is enabled once something was typed and every field is acceptable. */
export function canSaveAuth(fields: readonly PluginAuthField[], values: Record<string, string>): boolean {
  const dirty = fields.some((field) => (values[field.authField] ?? '') !== '');
  return dirty && fields.every((field) => authFieldProblem(values[field.authField] ?? '') === null);
}

/** Whether installing `plugin` asks for credentials first (SPEC §4 Plugins). */
export function needsAuthForm(plugin: { authConfig?: readonly PluginAuthField[]; authenticated?: boolean }) {
  return (plugin.authConfig?.length ?? 0) > 0 && plugin.authenticated !== true;
}
