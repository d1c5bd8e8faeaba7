import { startFakeOpenAI } from '@parley/fakes/openai-server';
import type { FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectEvents, textOf } from '../conformance/collect-events';
import { describeConformance } from '../conformance/conformance-suite';
import { helloRequest, openAIConformanceTarget } from '../openai/openai-conformance-target';
import { ProviderError } from '../types';
import type { AzureTarget, ChatRequest } from '../types';
import { createAzureOpenAIProvider } from './azure-openai-provider';

const API_VERSION = '2024-02-15-preview';

describeConformance('azure-openai', async () => {
  const fake = await startFakeOpenAI();
  fake.script({ apiKey: 'azure-conformance' });
  const azure: AzureTarget = {
    deploymentName: 'gpt4-prod',
    apiVersion: API_VERSION,
    baseURL: `${fake.url}/openai/deployments/\${DEPLOYMENT_NAME}`,
  };
  const target = openAIConformanceTarget(fake, createAzureOpenAIProvider(), () =>
    helloRequest({ apiKey: 'azure-conformance', azure }, 'gpt-4'),
  );
  return { target, close: () => fake.close() };
});

describe('azure-openai requests', () => {
  let fake: FakeOpenAI;
  const provider = createAzureOpenAIProvider();

  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
  });

  async function run(req: ChatRequest): Promise<{ text: string; error: unknown }> {
    const { events, error } = await collectEvents(provider, req, new AbortController().signal);
    return { text: textOf(events), error };
  }

  it('posts to the deployment route with the api-version query and the api-key header, not a Bearer token', async () => {
    fake.script({ apiKey: 'azure-key', replies: [{ chunks: ['Hi ', 'from Azure'] }] });

    const { text, error } = await run({
      ...helloRequest(
        {
          apiKey: 'azure-key',
          headers: { 'x-ms-useragent': 'Parley' },
          azure: {
            deploymentName: 'gpt4-prod',
            apiVersion: API_VERSION,
            baseURL: `${fake.url}/openai/deployments/\${DEPLOYMENT_NAME}`,
          },
        },
        'gpt-4',
      ),
      params: { temperature: 0.3 },
      dropParams: ['stream_options'],
    });

    expect(error).toBeUndefined();
    expect(text).toBe('Hi from Azure');
    const request = fake.requests[0];
    expect(request?.path).toBe('/openai/deployments/gpt4-prod/chat/completions');
    expect(request?.azure).toEqual({ deployment: 'gpt4-prod', apiVersion: API_VERSION });
    expect(request?.headers['api-key']).toBe('azure-key');
    expect(request?.headers['x-ms-useragent']).toBe('Parley');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({
      model: 'gpt-4',
      messages: [{ role: 'user', content: 'Hello?' }],
      stream: true,
      temperature: 0.3,
    });
  });

  it('fills ${INSTANCE_NAME} and ${DEPLOYMENT_NAME} in a configured base URL', async () => {
    await run(
      helloRequest({
        apiKey: 'k',
        azure: {
          instanceName: 'east',
          deploymentName: 'gpt35',
          apiVersion: '2024-06-01',
          baseURL: `${fake.url}/openai/deployments/\${INSTANCE_NAME}-\${DEPLOYMENT_NAME}`,
        },
      }),
    );

    expect(fake.requests[0]?.azure).toEqual({ deployment: 'east-gpt35', apiVersion: '2024-06-01' });
  });

  it('treats a serverless group as OpenAI-compatible: Bearer key at the given base URL, no api-version', async () => {
    fake.script({ apiKey: 'serverless-key' });

    const { error } = await run(
      helloRequest({
        apiKey: 'serverless-key',
        azure: {
          deploymentName: 'mistral-large',
          apiVersion: '2024-06-01',
          baseURL: fake.baseURL,
          serverless: true,
        },
      }),
    );

    expect(error).toBeUndefined();
    const request = fake.requests[0];
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.query).toEqual({});
    expect(request?.headers.authorization).toBe('Bearer serverless-key');
    expect(request?.headers['api-key']).toBeUndefined();
  });

  it("maps Azure's 401 for a wrong api-key to invalid_key with Azure's message", async () => {
    fake.script({ apiKey: 'right' });

    const { error } = await run(
      helloRequest({
        apiKey: 'wrong',
        azure: { deploymentName: 'd', apiVersion: API_VERSION, baseURL: `${fake.url}/openai/deployments/d` },
      }),
    );

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('invalid_key');
    expect((error as ProviderError).message).toMatch(/^Access denied due to invalid subscription key/);
  });

  it('fails the stream with bad_request when the credentials name no deployment', async () => {
    const { error } = await run(helloRequest({ apiKey: 'k' }));

    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('bad_request');
    expect(fake.requests).toHaveLength(0);
  });

  it('lists models only for serverless groups; deployments come from the config', async () => {
    const azure: AzureTarget = { deploymentName: 'd', apiVersion: API_VERSION, baseURL: fake.baseURL };

    const deployed = await provider.listModels({ credentials: { apiKey: 'k', azure } });
    const serverless = await provider.listModels({
      credentials: { apiKey: 'k', azure: { ...azure, serverless: true } },
    });

    expect(deployed).toEqual([]);
    expect(serverless).toEqual(['gpt-4o-mini', 'gpt-4o']);
  });
});
