// The plugin store (API.md "Tools, plugins and MCP"): the list with `authenticated` per user, install and
// uninstall with credentials, and the tools a plugins chat may use.
import {
  PLUGIN_STORE_KEY,
  pluginAuthProblems,
  type Plugin,
  type UserPluginsBody,
} from '@parley/shared/schemas/plugin';
import type { User } from '@parley/shared/schemas/user';
import { AppError, badRequest, notFound } from '../lib/errors';
import { envAuthValue, fieldsUsersGive, type EnvLookup, type PluginAuthStore } from './plugin-auth';
import type { RegisteredTool, ToolRegistry } from './registry';

export interface ToolsUsersPort {
  getById(userId: string): Promise<User | null>;
  updatePlugins(userId: string, pluginKey: string, action: 'install' | 'uninstall'): Promise<User | null>;
}

/** A tool a chat may run, with the caller's credentials for it. */
export interface ChatTool extends RegisteredTool {
  auth: Record<string, string>;
}

export interface ToolsService {
  listPlugins(userId: string): Promise<Plugin[]>;
  /** Installs (saving the credentials given) or uninstalls (deleting them); answers the updated user. */
  updateUserPlugins(userId: string, body: UserPluginsBody): Promise<User>;
  /**
   * The requested tools with their credentials; throws 400 naming the first that is unknown, not installed
   * or lacks credentials.
   */
  toolsForChat(userId: string, pluginKeys: readonly string[]): Promise<ChatTool[]>;
  /**
   * An assistant's tools by function name (or plugin key), with whatever credentials the environment or the
   * user has; unknown names are left out (a tool without its credentials fails its calls, clearly).
   */
  toolsByName(userId: string, names: readonly string[]): Promise<ChatTool[]>;
}

export interface ToolsServiceDeps {
  registry: ToolRegistry;
  auth: PluginAuthStore;
  users: ToolsUsersPort;
  env: EnvLookup;
}

const STORE_BUTTON: Plugin = { name: 'Plugin store', pluginKey: PLUGIN_STORE_KEY, isButton: true };

const unauthorized = () => new AppError(401, 'Unauthorized');

function isAuthenticated(
  env: EnvLookup,
  registered: RegisteredTool,
  stored: Set<string> | undefined,
): boolean {
  return registered.entry.authConfig.every(
    ({ authField }) => envAuthValue(env, authField) !== undefined || (stored?.has(authField) ?? false),
  );
}

function pluginOf(registered: RegisteredTool, authenticated: boolean): Plugin {
  const { entry } = registered;
  return {
    name: entry.name,
    pluginKey: entry.pluginKey,
    description: entry.description,
    icon: entry.icon,
    authConfig: entry.authConfig.map(({ authField, label, description }) => ({
      authField,
      label,
      description,
    })),
    authenticated,
  };
}

export function createToolsService(deps: ToolsServiceDeps): ToolsService {
  const { registry, auth, users, env } = deps;

  async function install(userId: string, registered: RegisteredTool, body: UserPluginsBody): Promise<void> {
    const needed = fieldsUsersGive(env, registered.entry.authConfig);
    if (needed.length === 0) return;
    const stored = (await auth.storedFields(userId)).get(registered.entry.pluginKey);
    // A field already stored may be left out of a re-install; one given is checked and replaces it.
    const toCheck = needed.filter(
      ({ authField }) => !stored?.has(authField) || body.auth?.[authField] !== undefined,
    );
    const problems = pluginAuthProblems(toCheck, body.auth);
    const first = Object.values(problems)[0];
    if (first !== undefined) throw badRequest(first, problems);
    const values: Record<string, string> = {};
    for (const { authField } of toCheck) values[authField] = (body.auth?.[authField] ?? '').trim();
    await auth.save(userId, registered.entry.pluginKey, values);
  }

  return {
    async listPlugins(userId) {
      const stored = await auth.storedFields(userId);
      const tools = (await registry.list()).map((registered) =>
        pluginOf(registered, isAuthenticated(env, registered, stored.get(registered.entry.pluginKey))),
      );
      return [STORE_BUTTON, ...tools];
    },

    async updateUserPlugins(userId, body) {
      const registered = await registry.find(body.pluginKey);
      if (!registered) throw notFound(`Plugin "${body.pluginKey}" not found`);
      if (body.action === 'install') await install(userId, registered, body);
      else await auth.remove(userId, body.pluginKey);
      const user = body.isAssistantTool
        ? await users.getById(userId)
        : await users.updatePlugins(userId, body.pluginKey, body.action);
      if (!user) throw unauthorized();
      return user;
    },

    async toolsByName(userId, names) {
      const found = names.flatMap((name) => {
        const registered = registry.tools.find(
          (candidate) => candidate.tool.name === name || candidate.entry.pluginKey === name,
        );
        return registered ? [registered] : [];
      });
      return Promise.all(
        found.map(async (registered) => ({
          ...registered,
          auth: await auth.resolve(userId, registered.entry.pluginKey, registered.entry.authConfig),
        })),
      );
    },

    async toolsForChat(userId, pluginKeys) {
      if (pluginKeys.length === 0) return [];
      const user = await users.getById(userId);
      if (!user) throw unauthorized();
      return Promise.all(
        pluginKeys.map(async (pluginKey) => {
          const registered = await registry.find(pluginKey);
          if (!registered || !user.plugins.includes(pluginKey)) {
            throw badRequest(`The tool "${pluginKey}" is not installed`, { tools: pluginKey });
          }
          const values = await auth.resolve(userId, pluginKey, registered.entry.authConfig);
          const missing = registered.entry.authConfig.find(
            ({ authField }) => values[authField] === undefined,
          );
          if (missing) {
            throw badRequest(`The tool "${pluginKey}" lacks its credentials (${missing.label})`, {
              tools: pluginKey,
            });
          }
          return { ...registered, auth: values };
        }),
      );
    },
  };
}
