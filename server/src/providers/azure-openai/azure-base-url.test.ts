import { describe, expect, it } from 'vitest';
import { ProviderError } from '../types';
import { azureBaseURL } from './azure-base-url';

describe('azureBaseURL', () => {
  it('builds the deployment URL on the instance domain by default', () => {
    expect(azureBaseURL({ instanceName: 'contoso', deploymentName: 'gpt-4', apiVersion: '2024-06-01' })).toBe(
      'https://contoso.openai.azure.com/openai/deployments/gpt-4',
    );
  });

  it('fills every placeholder of a gateway base URL', () => {
    const baseURL =
      'https://${INSTANCE_NAME}.example.com/${DEPLOYMENT_NAME}/azure-openai/${INSTANCE_NAME}/${DEPLOYMENT_NAME}';

    expect(azureBaseURL({ instanceName: 'contoso', deploymentName: 'gpt-4', apiVersion: 'v', baseURL })).toBe(
      'https://contoso.example.com/gpt-4/azure-openai/contoso/gpt-4',
    );
  });

  it('refuses a target with neither instance name nor base URL', () => {
    expect(() => azureBaseURL({ deploymentName: 'gpt-4', apiVersion: 'v' })).toThrow(ProviderError);
  });
});
