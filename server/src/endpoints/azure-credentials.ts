import { AppError } from '../lib/errors';
import type { AzureTarget } from '../providers/types';
import type { AzureEntry, AzureEnvTarget, AzureGroup, AzureYamlTarget } from './endpoint-entry';
import type { ResolvedCredentials } from './resolved-credentials';
import { titleSettings } from './title-settings';
import { azureUserKey, type ReadUserKey } from './user-key-values';

/** Fills Azure's `${INSTANCE_NAME}` and `${DEPLOYMENT_NAME}` placeholders of a base URL. */
export function fillAzurePlaceholders(
  url: string,
  target: { instanceName?: string | undefined; deploymentName: string },
): string {
  return url
    .replaceAll('${INSTANCE_NAME}', target.instanceName ?? '')
    .replaceAll('${DEPLOYMENT_NAME}', target.deploymentName)
    .replace(/\/+$/, '');
}

/** Azure OpenAI credentials for one model; `assistantsOnly` limits the choice to models flagged `assistants`. */
export function azureCredentials(
  entry: AzureEntry,
  model: string,
  readKey: ReadUserKey,
  assistantsOnly = false,
): Promise<ResolvedCredentials> {
  return entry.target.type === 'yaml'
    ? Promise.resolve(azureGroupCredentials(entry.target, model, assistantsOnly))
    : azureEnvCredentials(entry.target, model, readKey);
}

function azureGroupCredentials(
  target: AzureYamlTarget,
  model: string,
  assistantsOnly: boolean,
): ResolvedCredentials {
  const found = findGroup(target.groups, model, assistantsOnly);
  if (!found) {
    throw new AppError(400, `Model "${model}" is not configured for Azure OpenAI`, {
      code: 'illegal_model_request',
      details: { endpoint: 'azureOpenAI', model },
    });
  }
  const { group, deploymentName = model, apiVersion = '' } = found;
  const azure: AzureTarget = group.serverless
    ? { serverless: true, deploymentName, apiVersion, ...(group.baseURL ? { baseURL: group.baseURL } : {}) }
    : {
        ...(group.instanceName ? { instanceName: group.instanceName } : {}),
        deploymentName,
        apiVersion,
        ...(group.baseURL
          ? {
              baseURL: fillAzurePlaceholders(group.baseURL, {
                instanceName: group.instanceName,
                deploymentName,
              }),
            }
          : {}),
      };
  return {
    kind: 'azureOpenAI',
    credentials: {
      apiKey: group.apiKey,
      azure,
      ...(Object.keys(group.headers).length > 0 ? { headers: group.headers } : {}),
    },
    ...(group.addParams ? { extraBody: group.addParams } : {}),
    ...(group.dropParams ? { dropParams: group.dropParams } : {}),
    ...(group.forcePrompt ? { forcePrompt: true as const } : {}),
    ...titleSettings(target),
  };
}

function findGroup(
  groups: AzureGroup[],
  model: string,
  assistantsOnly: boolean,
): { group: AzureGroup; deploymentName: string | undefined; apiVersion: string | undefined } | undefined {
  for (const group of groups) {
    const setting = Object.hasOwn(group.models, model) ? group.models[model] : undefined;
    if (!setting || (assistantsOnly && !setting.assistants)) continue;
    return {
      group,
      deploymentName: setting.deploymentName ?? group.deploymentName,
      apiVersion: setting.version ?? group.version,
    };
  }
  return undefined;
}

async function azureEnvCredentials(
  target: AzureEnvTarget,
  model: string,
  readKey: ReadUserKey,
): Promise<ResolvedCredentials> {
  const needsUser = target.apiKey.type === 'user' || target.baseURL?.type === 'user';
  const user = needsUser ? await azureUserKey('azureOpenAI', readKey) : undefined;
  const apiKey = target.apiKey.type === 'server' ? target.apiKey.value : (user?.azureOpenAIApiKey ?? '');
  const instanceName = user?.azureOpenAIApiInstanceName ?? target.instanceName;
  const configured = user?.azureOpenAIApiDeploymentName ?? target.deploymentName ?? model;
  const deploymentName = target.useModelAsDeploymentName ? model.replaceAll('.', '') : configured;
  const apiVersion = user?.azureOpenAIApiVersion ?? target.apiVersion ?? '';
  const rawBaseURL = target.baseURL?.type === 'server' ? target.baseURL.value : user?.baseURL;
  const azure: AzureTarget = {
    ...(instanceName ? { instanceName } : {}),
    deploymentName,
    apiVersion,
    ...(rawBaseURL ? { baseURL: fillAzurePlaceholders(rawBaseURL, { instanceName, deploymentName }) } : {}),
  };
  const userSuppliedURL = target.baseURL?.type === 'user' || user?.azureOpenAIApiInstanceName !== undefined;
  return {
    kind: 'azureOpenAI',
    credentials: { apiKey, azure },
    ...(userSuppliedURL ? { userSuppliedURL } : {}),
  };
}
