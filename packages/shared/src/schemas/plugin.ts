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
