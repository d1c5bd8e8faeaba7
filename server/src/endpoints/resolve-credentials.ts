import { assertNever } from './assert-never';
import { titleSettings } from './title-settings';
import { azureCredentials } from './azure-credentials';
import type { CustomEntry, EndpointEntry, KeyedEntry } from './endpoint-entry';
import type { ResolvedCredentials } from './resolved-credentials';
import { googleUserCredentials, openAIStyleCredentials, type ReadUserKey } from './user-key-values';

/**
 * Credentials for one enabled endpoint and model: the server's from env and YAML, or the caller's own key
 * where the configuration says `user_provided`. Throws the user-key errors of SPEC §8 (no_user_key,
 * expired_user_key, invalid_user_key, no_base_url) and illegal_model_request for an unmapped Azure model.
 */
export async function credentialsFor(
  entry: EndpointEntry,
  model: string,
  readKey: ReadUserKey,
): Promise<ResolvedCredentials> {
  switch (entry.type) {
    case 'keyed':
      return keyedCredentials(entry, readKey);
    case 'azure':
      return azureCredentials(entry, model, readKey);
    case 'plugins':
      return entry.via.type === 'keyed'
        ? keyedCredentials(entry.via, readKey)
        : azureCredentials(entry.via, model, readKey);
    case 'azure-assistants':
      return { ...(await azureCredentials(entry.via, model, readKey, true)), kind: 'assistants' };
    case 'custom':
      return customCredentials(entry, readKey);
    default:
      return assertNever(entry);
  }
}

async function keyedCredentials(entry: KeyedEntry, readKey: ReadUserKey): Promise<ResolvedCredentials> {
  const { name, apiKey } = entry;
  const baseURL = entry.baseURL?.type === 'server' ? { baseURL: entry.baseURL.value } : {};
  const ownKey = async () => (apiKey.type === 'server' ? apiKey.value : (await readKey(name)).trim());
  switch (name) {
    case 'openAI':
    case 'assistants': {
      const { userSuppliedURL, ...credentials } = await openAIStyleCredentials(
        name,
        apiKey,
        entry.baseURL,
        readKey,
      );
      const organization = entry.organization ? { organization: entry.organization } : {};
      return {
        kind: name,
        credentials: { ...credentials, ...organization },
        ...(userSuppliedURL ? { userSuppliedURL } : {}),
      };
    }
    case 'google': {
      const credentials =
        apiKey.type === 'server' ? { apiKey: apiKey.value } : await googleUserCredentials(name, readKey);
      return { kind: name, credentials: { ...credentials, ...baseURL } };
    }
    case 'anthropic':
    case 'chatGPTBrowser':
      return { kind: name, credentials: { apiKey: await ownKey(), ...baseURL } };
    case 'bingAI':
      return { kind: name, credentials: { cookies: await ownKey(), ...baseURL } };
    default:
      return assertNever(name);
  }
}

async function customCredentials(entry: CustomEntry, readKey: ReadUserKey): Promise<ResolvedCredentials> {
  const { userSuppliedURL, ...credentials } = await openAIStyleCredentials(
    entry.name,
    entry.apiKey,
    entry.baseURL,
    readKey,
  );
  return {
    kind: 'custom',
    ...(userSuppliedURL ? { userSuppliedURL } : {}),
    credentials: {
      ...credentials,
      ...(Object.keys(entry.headers).length > 0 ? { headers: entry.headers } : {}),
    },
    ...(entry.addParams ? { extraBody: entry.addParams } : {}),
    ...(entry.dropParams ? { dropParams: entry.dropParams } : {}),
    ...titleSettings(entry),
    ...(entry.forcePrompt ? { forcePrompt: true as const } : {}),
    ...(entry.summarize ? { summarize: true as const } : {}),
    ...(entry.summaryModel ? { summaryModel: entry.summaryModel } : {}),
    ...(entry.modelDisplayLabel ? { modelDisplayLabel: entry.modelDisplayLabel } : {}),
  };
}
