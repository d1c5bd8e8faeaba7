import { describe, expect, it } from 'vitest';
import type { EndpointsConfig } from '@parley/shared/schemas/endpoints';
import type { ModelSpec } from '@parley/shared/schemas/startup-config';
import { availableBuiltIns, BUILT_IN_PRESETS, withBuiltIns } from './built-in-presets';

const endpoints: EndpointsConfig = {
  openAI: { order: 0, userProvide: false },
  Ollama: { order: 5, type: 'custom', userProvide: false },
};

describe('built-in presets (SPEC §3)', () => {
  it('are commander_01 and vision_pro, SYSTEM_DEFINED, with SPEC’s settings', () => {
    const [commander, vision] = BUILT_IN_PRESETS;
    expect(commander).toMatchObject({
      name: 'commander_01',
      label: 'Commander in Chief',
      authType: 'SYSTEM_DEFINED',
      preset: {
        model: 'command-r',
        temperature: 0.8,
        top_p: 0.5,
        presence_penalty: 0,
        frequency_penalty: 0,
        resendFiles: false,
      },
    });
    expect(vision).toMatchObject({
      name: 'vision_pro',
      label: 'Vision Pro',
      authType: 'SYSTEM_DEFINED',
      preset: { endpoint: 'openAI', model: 'gpt-4-turbo', temperature: 0.8, top_p: 1 },
    });
    expect(String(vision?.preset.promptPrefix)).toMatch(/image/);
  });

  it('are offered where their endpoint and model exist; commander runs on the local (custom) endpoint', () => {
    const offered = availableBuiltIns(endpoints, {
      openAI: ['gpt-4-turbo'],
      Ollama: ['llama3', 'command-r'],
    });
    expect(offered.map((spec) => [spec.name, spec.preset.endpoint])).toEqual([
      ['commander_01', 'Ollama'],
      ['vision_pro', 'openAI'],
    ]);
    expect(availableBuiltIns(endpoints, { openAI: ['gpt-4o'], Ollama: ['llama3'] })).toEqual([]);
  });

  it('are not offered where users bring their own key (the system defines the key)', () => {
    const userKeys: EndpointsConfig = { openAI: { order: 0, userProvide: true } };
    expect(availableBuiltIns(userKeys, { openAI: ['gpt-4-turbo'] })).toEqual([]);
  });

  it('follow the configured specs in the menu, unless specs are enforced', () => {
    const mine: ModelSpec = { name: 'mine', label: 'Mine', preset: { endpoint: 'openAI' } };
    const models = { openAI: ['gpt-4-turbo'] };
    expect(
      withBuiltIns({ enforce: false, prioritize: true, list: [mine] }, endpoints, models).list.map(
        (s) => s.name,
      ),
    ).toEqual(['mine', 'vision_pro']);
    expect(withBuiltIns({ enforce: true, prioritize: true, list: [mine] }, endpoints, models).list).toEqual([
      mine,
    ]);
    expect(withBuiltIns(undefined, endpoints, models).list.map((s) => s.name)).toEqual(['vision_pro']);
  });
});
