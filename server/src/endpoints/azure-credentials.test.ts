import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { appErrorOf as failure, resolverHarness } from './test-support';

describeEachEngine('resolveCredentials for Azure OpenAI', (_getDb, { getDatabase }) => {
  const setup = resolverHarness(getDatabase);

  it('maps an Azure model to its YAML group: instance, deployment, version, URL and headers', async () => {
    const { resolve } = await setup(
      { AZURE_EAST_KEY: 'east-key' },
      {
        endpoints: {
          azureOpenAI: {
            titleModel: 'gpt-35-turbo',
            groups: [
              {
                group: 'east',
                apiKey: '${AZURE_EAST_KEY}',
                instanceName: 'east-inst',
                version: '2024-02-01',
                additionalHeaders: { 'x-team': 'red' },
                addParams: { seed: 1 },
                models: {
                  'gpt-4': { deploymentName: 'gpt4-dep' },
                  'gpt-4-turbo': { deploymentName: 'turbo-dep', version: '2024-03-01' },
                },
              },
              {
                group: 'proxied',
                apiKey: 'proxied-key',
                instanceName: 'west-inst',
                deploymentName: 'shared-dep',
                version: '2023-12-01',
                baseURL: 'https://gw.example/${INSTANCE_NAME}/${DEPLOYMENT_NAME}',
                models: { 'gpt-35-turbo': true },
              },
              {
                group: 'mistral',
                apiKey: 'serverless-key',
                serverless: true,
                baseURL: 'https://mistral.east.inference.ai.azure.com/v1',
                models: { 'mistral-large': true },
              },
            ],
          },
        },
      },
    );
    expect(await resolve('azureOpenAI', 'gpt-4')).toEqual({
      kind: 'azureOpenAI',
      credentials: {
        apiKey: 'east-key',
        azure: { instanceName: 'east-inst', deploymentName: 'gpt4-dep', apiVersion: '2024-02-01' },
        headers: { 'x-team': 'red' },
      },
      extraBody: { seed: 1 },
      titleModel: 'gpt-35-turbo',
    });
    expect((await resolve('azureOpenAI', 'gpt-4-turbo')).credentials.azure).toEqual({
      instanceName: 'east-inst',
      deploymentName: 'turbo-dep',
      apiVersion: '2024-03-01',
    });
    expect((await resolve('azureOpenAI', 'gpt-35-turbo')).credentials).toEqual({
      apiKey: 'proxied-key',
      azure: {
        instanceName: 'west-inst',
        deploymentName: 'shared-dep',
        apiVersion: '2023-12-01',
        baseURL: 'https://gw.example/west-inst/shared-dep',
      },
    });
    expect((await resolve('azureOpenAI', 'mistral-large')).credentials).toEqual({
      apiKey: 'serverless-key',
      azure: {
        serverless: true,
        deploymentName: 'mistral-large',
        apiVersion: '',
        baseURL: 'https://mistral.east.inference.ai.azure.com/v1',
      },
    });
    const unknown = await failure(resolve('azureOpenAI', 'gpt-5'));
    expect(unknown).toMatchObject({ code: 'illegal_model_request', details: { model: 'gpt-5' } });
  });

  it('builds env-only Azure credentials, with the model as deployment when asked', async () => {
    const { resolve } = await setup({
      AZURE_API_KEY: 'az-key',
      AZURE_OPENAI_API_INSTANCE_NAME: 'inst',
      AZURE_OPENAI_API_VERSION: '2024-02-01',
      AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: 'true',
      AZURE_OPENAI_BASEURL: 'https://gw.example/${INSTANCE_NAME}/deployments/${DEPLOYMENT_NAME}',
    });
    expect(await resolve('azureOpenAI', 'gpt-3.5-turbo')).toEqual({
      kind: 'azureOpenAI',
      credentials: {
        apiKey: 'az-key',
        azure: {
          instanceName: 'inst',
          deploymentName: 'gpt-35-turbo',
          apiVersion: '2024-02-01',
          baseURL: 'https://gw.example/inst/deployments/gpt-35-turbo',
        },
      },
    });
    expect((await resolve('gptPlugins', 'gpt-4')).kind).toBe('azureOpenAI');
  });

  it('takes the four Azure fields from the caller’s key when Azure is user_provided', async () => {
    const { resolve, saveKey } = await setup({ AZURE_API_KEY: 'user_provided' });
    await saveKey('azureOpenAI', {
      azureOpenAIApiKey: 'user-az',
      azureOpenAIApiInstanceName: 'my-inst',
      azureOpenAIApiDeploymentName: 'my-dep',
      azureOpenAIApiVersion: '2024-02-01',
    });
    expect(await resolve('azureOpenAI', 'gpt-4')).toEqual({
      kind: 'azureOpenAI',
      credentials: {
        apiKey: 'user-az',
        azure: { instanceName: 'my-inst', deploymentName: 'my-dep', apiVersion: '2024-02-01' },
        // The user chose the instance, so the host: every call goes through the address guard.
        fetch: expect.any(Function),
      },
    });
  });

  it('serves Azure assistants only with models flagged for assistants', async () => {
    const group = {
      group: 'east',
      apiKey: 'k',
      instanceName: 'east',
      version: '2024-02-15-preview',
      models: {
        'gpt-4': { deploymentName: 'gpt4', assistants: true },
        'gpt-35-turbo': { deploymentName: 'g35' },
      },
    };
    const { resolve } = await setup(
      {},
      { endpoints: { azureOpenAI: { assistants: true, groups: [group] } } },
    );
    const resolved = await resolve('assistants', 'gpt-4');
    expect(resolved.kind).toBe('assistants');
    expect(resolved.credentials.azure?.deploymentName).toBe('gpt4');
    expect((await failure(resolve('assistants', 'gpt-35-turbo'))).code).toBe('illegal_model_request');
  });
});
