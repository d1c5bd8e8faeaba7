import { ProviderError } from '../types';
import type { AzureTarget } from '../types';

const INSTANCE = /\$\{INSTANCE_NAME\}/g;
const DEPLOYMENT = /\$\{DEPLOYMENT_NAME\}/g;

/**
 * The SDK base URL of one Azure deployment (the SDK appends `/chat/completions`):
 * `https://{instance}.openai.azure.com/openai/deployments/{deployment}`, or the configured `baseURL`
 * with its `${INSTANCE_NAME}` / `${DEPLOYMENT_NAME}` placeholders filled in.
 */
export function azureBaseURL(target: AzureTarget): string {
  const instance = target.instanceName ?? '';
  if (target.baseURL !== undefined && target.baseURL !== '') {
    return target.baseURL.replace(INSTANCE, instance).replace(DEPLOYMENT, target.deploymentName);
  }
  if (instance === '') {
    throw new ProviderError('bad_request', 'Azure OpenAI needs an instance name or a base URL.');
  }
  return `https://${encodeURIComponent(instance)}.openai.azure.com/openai/deployments/${encodeURIComponent(target.deploymentName)}`;
}
