import {
  DEFAULT_ANTHROPIC_MODELS,
  DEFAULT_ASSISTANTS_MODELS,
  DEFAULT_GOOGLE_MODELS,
  DEFAULT_OPENAI_MODELS,
  pluginModelsOf,
} from '@parley/shared/endpoints/default-models';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Env } from '../config/env';
import { MODELS_REFRESH_MS } from './model-lists';
import { withStartingModel } from './starting-model';
import { createEndpointsService } from './service';
import {
  configWith,
  sendJson,
  startFakeOpenAIProcess,
  startTinyServer,
  type FakeOpenAIProcess,
  type TinyServer,
} from './test-support';

const USER = '7d0c6a55-2f68-4d3c-9a51-2d9b0f3c9e11';
const noKeys = { readActiveKey: () => Promise.reject(new Error('no user keys in these tests')) };

function modelsOf(env: Env, yaml?: Record<string, unknown>, now?: () => Date) {
  return createEndpointsService({ config: configWith(env, yaml), keys: noKeys, ...(now ? { now } : {}) });
}

describe('GET /api/models lists', () => {
  let fake: FakeOpenAIProcess;
  let failing: TinyServer;

  beforeAll(async () => {
    fake = await startFakeOpenAIProcess();
    failing = await startTinyServer((_req, res) => sendJson(res, 500, { error: { message: 'boom' } }));
  });
  afterAll(async () => {
    await Promise.all([fake.close(), failing.close()]);
  });
  beforeEach(async () => {
    await fake.reset();
    failing.hits.length = 0;
  });

  it('takes OPENAI_MODELS over anything fetched', async () => {
    const models = await modelsOf({
      OPENAI_API_KEY: 'sk-server',
      OPENAI_REVERSE_PROXY: fake.baseURL,
      OPENAI_MODELS: 'gpt-a, gpt-b',
    }).getModels(USER);
    expect(models.openAI).toEqual(['gpt-a', 'gpt-b']);
    expect(await fake.requests()).toEqual([]);
  });

  it('fetches the OpenAI models with the server key and organization', async () => {
    await fake.script({ models: ['gpt-4o', 'llama-3', 'gpt-4o'], apiKey: 'sk-server' });
    const service = modelsOf({
      OPENAI_API_KEY: 'sk-server',
      OPENAI_REVERSE_PROXY: fake.baseURL,
      OPENAI_ORGANIZATION: 'org-1',
    });
    const models = await service.getModels(USER);
    expect(models.openAI).toEqual(['gpt-4o', 'llama-3']);
    expect(models.gptPlugins).toEqual(['gpt-4o', 'llama-3']);
    const [request] = await fake.requests();
    expect(request).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer sk-server',
      'openai-organization': 'org-1',
    });
  });

  it('falls back to the defaults when the models route answers 500 or refuses the key', async () => {
    const viaFailing = await modelsOf({
      OPENAI_API_KEY: 'sk',
      OPENAI_REVERSE_PROXY: `${failing.url}/v1`,
    }).getModels(USER);
    expect(failing.hits).toEqual(['GET /v1/models']);
    expect(viaFailing.openAI).toEqual(withStartingModel('openAI', DEFAULT_OPENAI_MODELS));
    expect(viaFailing.gptPlugins).toEqual(
      withStartingModel('gptPlugins', pluginModelsOf(DEFAULT_OPENAI_MODELS)),
    );

    await fake.script({ apiKey: 'sk-other' });
    const refused = await modelsOf({
      OPENAI_API_KEY: 'sk-wrong',
      OPENAI_REVERSE_PROXY: fake.baseURL,
    }).getModels(USER);
    expect(refused.openAI).toEqual(withStartingModel('openAI', DEFAULT_OPENAI_MODELS));
  });

  it('does not fetch when users bring their own key', async () => {
    const models = await modelsOf({
      OPENAI_API_KEY: 'user_provided',
      OPENAI_REVERSE_PROXY: fake.baseURL,
    }).getModels(USER);
    expect(models.openAI).toEqual(withStartingModel('openAI', DEFAULT_OPENAI_MODELS));
    expect(await fake.requests()).toEqual([]);
  });

  it('fetches at most once per 10 minutes, then serves the old list while refreshing', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    await fake.script({ models: ['gpt-first'] });
    const service = modelsOf(
      { OPENAI_API_KEY: 'sk', OPENAI_REVERSE_PROXY: fake.baseURL },
      undefined,
      () => now,
    );
    expect((await service.getModels(USER)).openAI).toEqual(['gpt-first']);
    await fake.script({ models: ['gpt-second'] });
    now = new Date(now.getTime() + MODELS_REFRESH_MS - 1);
    expect((await service.getModels(USER)).openAI).toEqual(['gpt-first']);
    expect(await fake.requests()).toHaveLength(1);

    now = new Date(now.getTime() + 2);
    expect((await service.getModels(USER)).openAI).toEqual(['gpt-first']);
    await expect.poll(async () => (await service.getModels(USER)).openAI).toEqual(['gpt-second']);
    expect(await fake.requests()).toHaveLength(2);
  });

  it('fetches a custom endpoint’s models (with ?user= when asked), else uses models.default', async () => {
    await fake.script({ models: ['mistral-large', 'mistral-small'], apiKey: 'sk-mistral' });
    const custom = (name: string, baseURL: string, models: Record<string, unknown>) => ({
      name,
      apiKey: '${MISTRAL_KEY}',
      baseURL,
      models,
    });
    const service = modelsOf(
      { MISTRAL_KEY: 'sk-mistral' },
      {
        endpoints: {
          custom: [
            custom('Mistral', fake.baseURL, { fetch: true, userIdQuery: true, default: ['fallback'] }),
            custom('Broken', `${failing.url}/v1`, { fetch: true, default: ['broken-default'] }),
            custom('Fixed', fake.baseURL, { default: ['fixed-1'] }),
            {
              ...custom('Own', fake.baseURL, { fetch: true, default: ['own-default'] }),
              apiKey: 'user_provided',
            },
          ],
        },
      },
    );
    const models = await service.getModels(USER);
    expect(models).toMatchObject({
      Mistral: ['mistral-large', 'mistral-small'],
      Broken: ['broken-default'],
      Fixed: ['fixed-1'],
      Own: ['own-default'],
    });
    const requests = await fake.requests();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.query).toEqual({ user: USER });
  });

  it('lists the assistants server’s models without ASSISTANTS_MODELS, and ASSISTANTS_MODELS over them', async () => {
    await fake.script({ models: ['llama-3.1-tools', 'qwen2.5'], apiKey: 'sk-assist' });
    const fetched = await modelsOf({
      ASSISTANTS_API_KEY: 'sk-assist',
      ASSISTANTS_BASE_URL: fake.baseURL,
    }).getModels(USER);
    expect(fetched.assistants).toEqual(['llama-3.1-tools', 'qwen2.5']);
    const [request] = await fake.requests();
    expect(request).toMatchObject({ method: 'GET', path: '/v1/models' });
    expect(request?.headers).toMatchObject({ authorization: 'Bearer sk-assist' });

    await fake.reset();
    const listed = await modelsOf({
      ASSISTANTS_API_KEY: 'sk-assist',
      ASSISTANTS_BASE_URL: fake.baseURL,
      ASSISTANTS_MODELS: 'gpt-4o-mini',
    }).getModels(USER);
    expect(listed.assistants).toEqual(['gpt-4o-mini']);
    expect(await fake.requests()).toEqual([]);

    // A key each user brings: nothing to fetch with, so the defaults.
    const userKey = await modelsOf({
      ASSISTANTS_API_KEY: 'user_provided',
      ASSISTANTS_BASE_URL: fake.baseURL,
    }).getModels(USER);
    expect(userKey.assistants).toEqual(withStartingModel('assistants', DEFAULT_ASSISTANTS_MODELS));
  });

  it('lists the defaults or the *_MODELS variables of the other endpoints', async () => {
    const models = await modelsOf({
      ANTHROPIC_API_KEY: 'sk-ant',
      GOOGLE_KEY: 'g',
      GOOGLE_MODELS: 'gemini-1.5-pro',
      ASSISTANTS_API_KEY: 'sk',
      ASSISTANTS_BASE_URL: `${failing.url}/v1`,
      CHATGPT_TOKEN: 't',
      BINGAI_TOKEN: 'c',
      AZURE_API_KEY: 'az',
      AZURE_OPENAI_API_INSTANCE_NAME: 'inst',
      AZURE_OPENAI_API_DEPLOYMENT_NAME: 'dep',
      AZURE_OPENAI_API_VERSION: '2024-02-01',
      AZURE_OPENAI_MODELS: 'gpt-4,gpt-35-turbo',
    }).getModels(USER);
    expect(models).toEqual({
      assistants: withStartingModel('assistants', DEFAULT_ASSISTANTS_MODELS),
      azureOpenAI: ['gpt-4', 'gpt-35-turbo'],
      google: ['gemini-1.5-pro'],
      bingAI: ['BingAI', 'Sydney'],
      chatGPTBrowser: ['text-davinci-002-render-sha', 'gpt-4'],
      gptPlugins: ['gpt-4', 'gpt-35-turbo'],
      anthropic: withStartingModel('anthropic', DEFAULT_ANTHROPIC_MODELS),
    });
    expect(DEFAULT_GOOGLE_MODELS).toContain('gemini-pro');
  });

  it('starts a new chat on the administrator’s first model, else SPEC’s default, else a small current one', async () => {
    // The administrator's order is kept, whatever it starts on.
    const listed = await modelsOf({
      OPENAI_API_KEY: 'sk',
      OPENAI_MODELS: 'gpt-4,gpt-3.5-turbo',
      ANTHROPIC_API_KEY: 'sk-ant',
      ANTHROPIC_MODELS: 'claude-3-opus-20240229,claude-3-haiku-20240307',
    }).getModels(USER);
    expect(listed.openAI).toEqual(['gpt-4', 'gpt-3.5-turbo']);
    expect(listed.anthropic).toEqual(['claude-3-opus-20240229', 'claude-3-haiku-20240307']);

    // Parley's lists: Anthropic starts on Haiku, not on Opus (first in the list) nor on the retired claude-1.
    const builtIn = await modelsOf({
      OPENAI_API_KEY: 'user_provided',
      ANTHROPIC_API_KEY: 'sk-ant',
    }).getModels(USER);
    expect(DEFAULT_ANTHROPIC_MODELS[0]).toBe('claude-3-opus-20240229');
    expect(DEFAULT_ANTHROPIC_MODELS).toContain('claude-1');
    expect(builtIn.anthropic?.[0]).toBe('claude-3-haiku-20240307');
    expect([...(builtIn.anthropic ?? [])].sort()).toEqual([...DEFAULT_ANTHROPIC_MODELS].sort());
    expect(builtIn.openAI?.[0]).toBe('gpt-3.5-turbo');

    // A provider's list: SPEC's gpt-3.5-turbo while it is offered, else a small current model.
    await fake.script({ models: ['gpt-4-turbo', 'gpt-4o', 'gpt-3.5-turbo', 'gpt-4o-mini'] });
    const offered = await modelsOf({ OPENAI_API_KEY: 'sk', OPENAI_REVERSE_PROXY: fake.baseURL }).getModels(
      USER,
    );
    expect(offered.openAI).toEqual(['gpt-3.5-turbo', 'gpt-4-turbo', 'gpt-4o', 'gpt-4o-mini']);
    await fake.reset();
    await fake.script({ models: ['gpt-4-turbo', 'gpt-4o', 'gpt-4o-mini'] });
    const retired = await modelsOf({ OPENAI_API_KEY: 'sk', OPENAI_REVERSE_PROXY: fake.baseURL }).getModels(
      USER,
    );
    expect(retired.openAI).toEqual(['gpt-4o-mini', 'gpt-4-turbo', 'gpt-4o']);

    // A custom endpoint that fetches its models starts on the first model of its YAML default.
    await fake.reset();
    await fake.script({ models: ['big-model', 'small-model'] });
    const custom = await modelsOf(
      { LOCAL_KEY: 'sk-local' },
      {
        endpoints: {
          custom: [
            {
              name: 'Local',
              apiKey: '${LOCAL_KEY}',
              baseURL: fake.baseURL,
              models: { fetch: true, default: ['small-model'] },
            },
          ],
        },
      },
    ).getModels(USER);
    expect(custom['Local']).toEqual(['small-model', 'big-model']);
  });

  it('lists every model of the YAML Azure groups, and the assistant ones for Azure assistants', async () => {
    const models = await modelsOf(
      { PLUGIN_MODELS: 'gpt-4-plugins' },
      {
        endpoints: {
          azureOpenAI: {
            assistants: true,
            plugins: true,
            groups: [
              {
                group: 'east',
                apiKey: 'k1',
                instanceName: 'east',
                version: '2024-02-01',
                models: { 'gpt-4': { deploymentName: 'gpt4', assistants: true } },
              },
              {
                group: 'west',
                apiKey: 'k2',
                instanceName: 'west',
                version: '2024-02-01',
                deploymentName: 'd',
                models: { 'gpt-35-turbo': true },
              },
            ],
          },
        },
      },
    ).getModels(USER);
    expect(models).toEqual({
      assistants: ['gpt-4'],
      azureOpenAI: ['gpt-4', 'gpt-35-turbo'],
      gptPlugins: ['gpt-4-plugins'],
    });
  });
});
