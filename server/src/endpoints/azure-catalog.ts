import type { ParsedEnv, Env } from '../config/env';
import type { AzureEndpointConfig } from '../config/yaml-schema';
import { envSecret, resolveHeaders, substituteVariables } from './config-value';
import type { AzureEntry, AzureGroup, AzureModel } from './endpoint-entry';

/** Placeholders of an Azure base URL filled per request, not environment variables. */
export const AZURE_URL_PLACEHOLDERS = ['INSTANCE_NAME', 'DEPLOYMENT_NAME'] as const;

type Report = (problem: string) => void;

/** Azure OpenAI from the YAML groups when configured, else from the `AZURE_*` variables, else none. */
export function azureEntryOf(
  env: ParsedEnv,
  yaml: AzureEndpointConfig | undefined,
  vars: Env,
  report: Report,
): AzureEntry | undefined {
  if (yaml) {
    const groups = yaml.groups.flatMap((group) => {
      const resolved = resolveGroup(group, vars, (problem) =>
        report(`azureOpenAI group ${group.group}: ${problem}`),
      );
      return resolved ? [resolved] : [];
    });
    if (groups.length === 0) return undefined;
    const target = {
      type: 'yaml',
      groups,
      plugins: yaml.plugins ?? false,
      assistants: yaml.assistants ?? false,
      titleConvo: yaml.titleConvo,
      titleModel: yaml.titleModel,
      titleMethod: yaml.titleMethod,
    } as const;
    return { type: 'azure', name: 'azureOpenAI', target };
  }
  const apiKey = envSecret(env.AZURE_API_KEY);
  if (!apiKey) return undefined;
  const target = {
    type: 'env',
    apiKey,
    baseURL: envSecret(env.AZURE_OPENAI_BASEURL),
    instanceName: env.AZURE_OPENAI_API_INSTANCE_NAME,
    deploymentName: env.AZURE_OPENAI_API_DEPLOYMENT_NAME,
    apiVersion: env.AZURE_OPENAI_API_VERSION,
    useModelAsDeploymentName: env.AZURE_USE_MODEL_AS_DEPLOYMENT_NAME,
    models: env.AZURE_OPENAI_MODELS,
  } as const;
  if (apiKey.type === 'server') {
    const missing = [
      !target.instanceName && target.baseURL?.type !== 'server' && 'AZURE_OPENAI_API_INSTANCE_NAME',
      !target.apiVersion && 'AZURE_OPENAI_API_VERSION',
      !target.deploymentName && !target.useModelAsDeploymentName && 'AZURE_OPENAI_API_DEPLOYMENT_NAME',
    ].filter((name) => name !== false);
    if (missing.length > 0) {
      report(`azureOpenAI: AZURE_API_KEY is set but ${missing.join(', ')} is not; endpoint disabled`);
      return undefined;
    }
  }
  return { type: 'azure', name: 'azureOpenAI', target };
}

type YamlGroup = AzureEndpointConfig['groups'][number];

function resolveGroup(group: YamlGroup, vars: Env, report: Report): AzureGroup | undefined {
  const values: Record<string, string | undefined> = {};
  const fields = ['apiKey', 'instanceName', 'deploymentName', 'version', 'baseURL'] as const;
  for (const field of fields) {
    const raw = group[field];
    if (raw === undefined) continue;
    const resolved = substituteVariables(raw, vars, AZURE_URL_PLACEHOLDERS);
    if (resolved.type === 'missing') {
      report(`${field}: environment variable ${resolved.variable} is not set; group disabled`);
      return undefined;
    }
    values[field] = resolved.value;
  }
  const models: Record<string, AzureModel> = {};
  for (const [name, setting] of Object.entries(group.models)) {
    models[name] =
      setting === true
        ? { deploymentName: undefined, version: undefined, assistants: group.assistants ?? false }
        : {
            deploymentName: setting.deploymentName,
            version: setting.version,
            assistants: setting.assistants ?? group.assistants ?? false,
          };
  }
  return {
    group: group.group,
    apiKey: values.apiKey ?? group.apiKey,
    instanceName: values.instanceName,
    deploymentName: values.deploymentName,
    version: values.version,
    baseURL: values.baseURL,
    serverless: group.serverless ?? false,
    headers: resolveHeaders(group.additionalHeaders, vars, report),
    addParams: group.addParams,
    dropParams: group.dropParams,
    forcePrompt: group.forcePrompt,
    assistants: group.assistants ?? false,
    models,
  };
}
