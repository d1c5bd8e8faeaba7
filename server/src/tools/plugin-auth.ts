// Plugin credentials (SPEC §5): from the environment first, else what the user stored for that plugin,
// encrypted at rest and bound to user, plugin and field.
import type { Db } from '../db/client';
import type { Encryption } from '../lib/encryption';
import { USER_PROVIDED } from '@parley/shared/schemas/user-key';
import { deletePluginAuths, findPluginAuths, upsertPluginAuths } from './plugin-auth-repo';
import type { ToolAuthField } from './tool';

export type EnvLookup = Readonly<Record<string, string | undefined>>;

/** The environment's value for an auth field (`A||B`: the first of A, B that is set), if any. */
export function envAuthValue(env: EnvLookup, authField: string): string | undefined {
  for (const name of authField.split('||')) {
    const value = env[name.trim()]?.trim();
    if (value && value !== USER_PROVIDED) return value;
  }
  return undefined;
}

/** The auth fields the environment does not set: users must give these. */
export const fieldsUsersGive = (env: EnvLookup, authConfig: readonly ToolAuthField[]): ToolAuthField[] =>
  authConfig.filter((field) => envAuthValue(env, field.authField) === undefined);

const contextOf = (userId: string, pluginKey: string, authField: string): string =>
  `plugin_auths:${userId}:${pluginKey}:${authField}`;

export interface PluginAuthStore {
  /** The fields each plugin has stored values for (no values are decrypted). */
  storedFields(userId: string): Promise<Map<string, Set<string>>>;
  /** The plugin's credentials by auth field: environment first, then stored; unset fields are absent. */
  resolve(
    userId: string,
    pluginKey: string,
    authConfig: readonly ToolAuthField[],
  ): Promise<Record<string, string>>;
  save(userId: string, pluginKey: string, values: Readonly<Record<string, string>>): Promise<void>;
  remove(userId: string, pluginKey: string): Promise<void>;
}

export function createPluginAuthStore(deps: {
  db: Db;
  encryption: Encryption;
  env: EnvLookup;
}): PluginAuthStore {
  const { db, encryption, env } = deps;
  return {
    async storedFields(userId) {
      const fields = new Map<string, Set<string>>();
      for (const row of await findPluginAuths(db, userId)) {
        const set = fields.get(row.pluginKey) ?? new Set<string>();
        set.add(row.authField);
        fields.set(row.pluginKey, set);
      }
      return fields;
    },
    async resolve(userId, pluginKey, authConfig) {
      const values: Record<string, string> = {};
      const missing = authConfig.filter(({ authField }) => {
        const fromEnv = envAuthValue(env, authField);
        if (fromEnv !== undefined) values[authField] = fromEnv;
        return fromEnv === undefined;
      });
      if (missing.length === 0) return values;
      const stored = await findPluginAuths(db, userId, pluginKey);
      for (const { authField } of missing) {
        const row = stored.find((candidate) => candidate.authField === authField);
        if (row)
          values[authField] = encryption.decrypt(row.valueEncrypted, contextOf(userId, pluginKey, authField));
      }
      return values;
    },
    async save(userId, pluginKey, values) {
      const rows = Object.entries(values).map(([authField, value]) => ({
        authField,
        valueEncrypted: encryption.encrypt(value, contextOf(userId, pluginKey, authField)),
      }));
      await upsertPluginAuths(db, userId, pluginKey, rows);
    },
    remove: (userId, pluginKey) => deletePluginAuths(db, userId, pluginKey),
  };
}
