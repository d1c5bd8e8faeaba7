import { z } from 'zod';

/** The key of the pseudo-plugin that opens the plugin store (always first in `GET /api/plugins`). */
export const PLUGIN_STORE_KEY = 'pluginStore';

/** SPEC §5: a plugin auth value must be at least this long. */
export const PLUGIN_AUTH_MIN_LENGTH = 10;

/** One credential a tool needs (API.md "Tools, plugins and MCP"). */
export const pluginAuthFieldSchema = z.object({
  authField: z.string(),
  label: z.string(),
  description: z.string(),
});
export type PluginAuthField = z.infer<typeof pluginAuthFieldSchema>;

/** A tool as `GET /api/plugins` lists it (SPEC §3 Plugin); the plugin store entry has `isButton: true`. */
export const pluginSchema = z.object({
  name: z.string(),
  pluginKey: z.string(),
  description: z.string().optional(),
  icon: z.string().optional(),
  authConfig: z.array(pluginAuthFieldSchema).optional(),
  /** Every auth field is set in the environment or stored by this user. */
  authenticated: z.boolean().optional(),
  isButton: z.boolean().optional(),
});
export type Plugin = z.infer<typeof pluginSchema>;

export const pluginListSchema = z.array(pluginSchema);

/** Body of `POST /api/user/plugins`; answers the updated user. */
export const userPluginsBodySchema = z.object({
  pluginKey: z.string().min(1, 'pluginKey is required').max(256),
  action: z.enum(['install', 'uninstall']),
  auth: z.record(z.string(), z.string().max(10_000)).optional(),
  isAssistantTool: z.boolean().optional(),
});
export type UserPluginsBody = z.infer<typeof userPluginsBodySchema>;

/** SPEC §9: the plugins agent's defaults when a conversation sets none (the agent setting offers gpt-4-turbo). */
export const AGENT_OPTION_DEFAULTS = {
  agent: 'functions',
  skipCompletion: true,
  model: 'gpt-4-turbo',
  temperature: 0,
} as const;

/** SPEC §5's texts for plugin auth fields, with the field's label. */
export const pluginAuthMessages = {
  required: (label: string): string => `${label} is required.`,
  tooShort: (label: string): string => `${label} must be at least ${PLUGIN_AUTH_MIN_LENGTH} characters long`,
} as const;

/**
 * What is wrong with the credentials given for a plugin's auth fields, by `authField` (SPEC §5 texts);
 * `{}` when every field has a value of at least 10 characters. Server and auth form use the same rules.
 */
export function pluginAuthProblems(
  authConfig: readonly PluginAuthField[],
  auth: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const { authField, label } of authConfig) {
    const value = auth?.[authField]?.trim() ?? '';
    if (value === '') problems[authField] = pluginAuthMessages.required(label);
    else if (value.length < PLUGIN_AUTH_MIN_LENGTH) problems[authField] = pluginAuthMessages.tooShort(label);
  }
  return problems;
}

export const AGENT_KINDS = ['functions', 'classic'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

/** A plugins chat's agent settings (SPEC §3 Conversation `agentOptions`); absent fields take the defaults. */
export const agentOptionsSchema = z.object({
  agent: z.enum(AGENT_KINDS).optional(),
  skipCompletion: z.boolean().optional(),
  model: z.string().max(256).optional(),
  temperature: z.number().min(0).max(2).optional(),
});
export type AgentOptions = z.infer<typeof agentOptionsSchema>;

/** The `tools` of a plugins chat body: plugin keys, or plugin objects as older clients send them. */
export const chatToolsSchema = z
  .array(z.union([z.string().max(256), z.object({ pluginKey: z.string().max(256) }).loose()]))
  .max(100);

/** The plugin keys of a `tools` list, without duplicates. */
export function toolKeysOf(tools: z.infer<typeof chatToolsSchema> | undefined): string[] {
  return [...new Set((tools ?? []).map((tool) => (typeof tool === 'string' ? tool : tool.pluginKey)))];
}
