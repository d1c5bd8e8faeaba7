import { startFakeOpenAI } from '@parley/fakes/openai-server';
import type { FakeOpenAI } from '@parley/fakes/openai-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeConformance } from '../conformance/conformance-suite';
import { helloRequest, openAIConformanceTarget } from './openai-conformance-target';
import { createOpenAIProvider } from './openai-provider';

describeConformance('openai', async () => {
  const fake = await startFakeOpenAI();
  fake.script({ apiKey: 'sk-conformance' });
  const target = openAIConformanceTarget(fake, createOpenAIProvider(), () =>
    helloRequest({ apiKey: 'sk-conformance', baseURL: fake.baseURL }),
  );
  return { target, close: () => fake.close() };
});

describe('openai listModels', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake.close();
  });

  it("lists the ids from the server's /v1/models with the key", async () => {
    fake.script({ apiKey: 'sk-models', models: ['gpt-4o', 'gpt-4o-mini', { id: 'o1', owned_by: 'system' }] });

    const models = await createOpenAIProvider().listModels({
      credentials: { apiKey: 'sk-models', baseURL: fake.baseURL },
    });

    expect(models).toEqual(['gpt-4o', 'gpt-4o-mini', 'o1']);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models' });
  });
});
