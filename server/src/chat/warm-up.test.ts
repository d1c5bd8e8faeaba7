import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/test-app';
import { buildEndpointCatalog } from '../endpoints/endpoint-catalog';
import { anthropicSdk, googleSdk, openAISdk } from '../lib/provider-sdks';
import { getTokenCounter } from '../tokenizer/service';
import { warmUp, warmUpPlan } from './warm-up';

const entries = buildEndpointCatalog(
  testConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_MODELS: 'gpt-4o-mini,gpt-4', ANTHROPIC_API_KEY: 'sk-ant' }),
).entries;

describe('the warm-up after start', () => {
  it("names the configured endpoints' SDKs and one model per encoding of their first models", () => {
    const plan = warmUpPlan(entries);
    expect(plan.sdks).toEqual([openAISdk, anthropicSdk]);
    // gpt-4o-mini counts with o200k_base; Anthropic's starting model with cl100k_base.
    expect(plan.models).toEqual(['gpt-4o-mini', 'claude-3-5-haiku-latest']);
  });

  it('loads them; a chat that asks meanwhile gets the same token counter', async () => {
    expect(openAISdk.ifLoaded()).toBeUndefined();
    const warming = warmUp(warmUpPlan(entries));
    const asked = getTokenCounter('gpt-4o');
    await warming;
    expect(openAISdk.ifLoaded()).toBeDefined();
    expect(anthropicSdk.ifLoaded()).toBeDefined();
    expect(googleSdk.ifLoaded()).toBeUndefined();
    const counter = await asked;
    expect(counter).toBe(await getTokenCounter('gpt-4o-mini'));
    expect(counter('hello world')).toBe(2);
  });
});
