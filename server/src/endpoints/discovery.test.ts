import { ASSISTANT_BUILDER_CAPABILITIES } from '@parley/shared/schemas/endpoints';
import { describe, expect, it } from 'vitest';
import type { Env } from '../config/env';
import { createEndpointsService } from './service';
import { configWith } from './test-support';

const noKeys = { readActiveKey: () => Promise.reject(new Error('no user keys in these tests')) };
const serviceOf = (env: Env, yaml?: Record<string, unknown>) =>
  createEndpointsService({ config: configWith(env, yaml), keys: noKeys });
const endpointsOf = (env: Env, yaml?: Record<string, unknown>) => serviceOf(env, yaml).getEndpointsConfig();

const ALL_KEYS: Env = {
  OPENAI_API_KEY: 'sk',
  ASSISTANTS_API_KEY: 'sk',
  AZURE_API_KEY: 'az',
  AZURE_OPENAI_API_INSTANCE_NAME: 'inst',
  AZURE_OPENAI_API_DEPLOYMENT_NAME: 'dep',
  AZURE_OPENAI_API_VERSION: '2024-02-01',
  GOOGLE_KEY: 'g',
  BINGAI_TOKEN: 'c',
  CHATGPT_TOKEN: 't',
  ANTHROPIC_API_KEY: 'sk-ant',
};

const customEndpoint = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  apiKey: 'key',
  baseURL: 'http://localhost:1234/v1',
  models: { default: ['m'] },
  ...extra,
});

describe('GET /api/endpoints', () => {
  it('offers nothing when nothing is configured', async () => {
    expect(await endpointsOf({})).toEqual({});
  });

  it('enables an endpoint when its key is set, in the default order', async () => {
    const endpoints = await endpointsOf(ALL_KEYS);
    expect(Object.entries(endpoints).map(([name, config]) => [name, config.order])).toEqual([
      ['openAI', 0],
      ['assistants', 1],
      ['azureOpenAI', 2],
      ['google', 3],
      ['bingAI', 4],
      ['chatGPTBrowser', 5],
      ['gptPlugins', 6],
      ['anthropic', 7],
    ]);
    expect(endpoints.openAI).toEqual({ order: 0, userProvide: false, userProvideURL: false });
    expect(endpoints.anthropic).toEqual({ order: 7, userProvide: false });
    expect(endpoints.gptPlugins).toEqual({
      order: 6,
      userProvide: false,
      userProvideURL: false,
      azure: false,
      availableAgents: ['classic', 'functions'],
    });
    expect(endpoints.assistants).toEqual({
      order: 1,
      userProvide: false,
      userProvideURL: false,
      capabilities: ASSISTANT_BUILDER_CAPABILITIES,
    });
  });

  it('names no retrieval models without YAML retrievalModels: every model of the server may retrieve', async () => {
    const endpoints = await endpointsOf({
      ASSISTANTS_API_KEY: 'sk',
      ASSISTANTS_BASE_URL: 'http://ollama:11434/v1',
    });
    expect(endpoints.assistants?.capabilities).toContain('retrieval');
    expect(endpoints.assistants).not.toHaveProperty('retrievalModels');
    const narrowed = await endpointsOf(
      { ASSISTANTS_API_KEY: 'sk' },
      { version: '1.0.8', endpoints: { assistants: { retrievalModels: ['gpt-4o'] } } },
    );
    expect(narrowed.assistants?.retrievalModels).toEqual(['gpt-4o']);
  });

  it('marks user_provided keys and URLs', async () => {
    const endpoints = await endpointsOf({
      OPENAI_API_KEY: 'user_provided',
      OPENAI_REVERSE_PROXY: 'user_provided',
      GOOGLE_KEY: 'user_provided',
      AZURE_API_KEY: 'user_provided',
      AZURE_OPENAI_BASEURL: 'user_provided',
      ANTHROPIC_API_KEY: 'user_provided',
    });
    expect(endpoints.openAI).toMatchObject({ userProvide: true, userProvideURL: true });
    expect(endpoints.google).toMatchObject({ userProvide: true });
    expect(endpoints.azureOpenAI).toMatchObject({ userProvide: true, userProvideURL: true });
    expect(endpoints.anthropic).toMatchObject({ userProvide: true });
    expect(endpoints.gptPlugins).toMatchObject({ userProvide: true, userProvideURL: true, azure: false });
  });

  it('filters and orders built-in endpoints by ENDPOINTS, placing custom endpoints at "custom"', async () => {
    const yaml = { endpoints: { custom: [customEndpoint('Groq'), customEndpoint('Mistral')] } };
    const endpoints = await endpointsOf({ ...ALL_KEYS, ENDPOINTS: 'anthropic,custom,openAI,nonsense' }, yaml);
    expect(Object.entries(endpoints).map(([name, config]) => [name, config.order])).toEqual([
      ['anthropic', 0],
      ['Groq', 1],
      ['Mistral', 2],
      ['openAI', 3],
    ]);
    const withoutCustom = await endpointsOf({ ...ALL_KEYS, ENDPOINTS: 'google' }, yaml);
    expect(Object.keys(withoutCustom)).toEqual(['google', 'Groq', 'Mistral']);
  });

  it('lists custom endpoints by name after the built-in ones, by customOrder then as configured', async () => {
    const endpoints = await endpointsOf(
      { OPENAI_API_KEY: 'sk', GROQ_KEY: 'gsk' },
      {
        endpoints: {
          custom: [
            customEndpoint('Groq', {
              apiKey: '${GROQ_KEY}',
              iconURL: 'https://x/groq.png',
              modelDisplayLabel: 'Groq AI',
            }),
            customEndpoint('OpenRouter', { apiKey: 'user_provided', baseURL: 'user_provided' }),
            customEndpoint('First', { customOrder: 1 }),
          ],
        },
      },
    );
    expect(Object.keys(endpoints)).toEqual(['openAI', 'gptPlugins', 'First', 'Groq', 'OpenRouter']);
    expect(endpoints.Groq).toEqual({
      order: 3,
      type: 'custom',
      userProvide: false,
      userProvideURL: false,
      iconURL: 'https://x/groq.png',
      modelDisplayLabel: 'Groq AI',
    });
    expect(endpoints.OpenRouter).toEqual({
      order: 4,
      type: 'custom',
      userProvide: true,
      userProvideURL: true,
    });
  });

  it('leaves out a custom endpoint whose ${VAR} is unset, and reports why', async () => {
    const service = serviceOf(
      {},
      { endpoints: { custom: [customEndpoint('Groq', { apiKey: '${GROQ_KEY}' })] } },
    );
    expect(await service.getEndpointsConfig()).toEqual({});
    expect(service.problems).toEqual([
      'custom endpoint Groq: apiKey: environment variable GROQ_KEY is not set; endpoint disabled',
    ]);
  });

  it('enables Azure from YAML groups, with plugins on Azure and Azure assistants', async () => {
    const endpoints = await endpointsOf(
      {},
      {
        endpoints: {
          azureOpenAI: {
            plugins: true,
            assistants: true,
            groups: [
              {
                group: 'east',
                apiKey: 'k',
                instanceName: 'east',
                version: '2024-02-01',
                models: { 'gpt-4': { deploymentName: 'gpt4', assistants: true } },
              },
            ],
          },
          assistants: { disableBuilder: true, capabilities: ['tools'], retrievalModels: ['gpt-4'] },
        },
      },
    );
    expect(endpoints).toEqual({
      assistants: {
        order: 0,
        userProvide: false,
        disableBuilder: true,
        capabilities: ['tools'],
        retrievalModels: ['gpt-4'],
      },
      azureOpenAI: { order: 1, userProvide: false },
      gptPlugins: { order: 2, userProvide: false, azure: true, availableAgents: ['classic', 'functions'] },
    });
  });

  it('does not enable env-only Azure when the instance, version or deployment is missing', async () => {
    const service = serviceOf({ AZURE_API_KEY: 'az', AZURE_OPENAI_API_INSTANCE_NAME: 'inst' });
    expect(await service.getEndpointsConfig()).toEqual({});
    expect(service.problems[0]).toMatch(/AZURE_OPENAI_API_VERSION, AZURE_OPENAI_API_DEPLOYMENT_NAME is not/);
    const byModel = await endpointsOf({
      AZURE_API_KEY: 'az',
      AZURE_OPENAI_API_INSTANCE_NAME: 'inst',
      AZURE_OPENAI_API_VERSION: 'v',
      AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: 'true',
    });
    expect(Object.keys(byModel)).toEqual(['azureOpenAI', 'gptPlugins']);
  });

  it('runs plugins on Azure when PLUGINS_USE_AZURE is set', async () => {
    const endpoints = await endpointsOf({ ...ALL_KEYS, PLUGINS_USE_AZURE: 'true' });
    expect(endpoints.gptPlugins).toMatchObject({ azure: true, userProvide: false });
  });
});
