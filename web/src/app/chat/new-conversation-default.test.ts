import { describe, expect, it } from 'vitest';
import type { EndpointsConfig } from '@parley/shared/schemas/endpoints';
import type { Preset } from '@parley/shared/schemas/preset';
import type { ModelSpec } from '@parley/shared/schemas/startup-config';
import { availableBuiltIns } from '../../features/model-specs/built-in-presets';
import { pickNewConversationDefault } from './use-new-conversation-default';

const endpoints: EndpointsConfig = { openAI: { order: 0, userProvide: false } };
const available = { endpoints, models: { openAI: ['gpt-4o', 'gpt-4-turbo'] } };
const preset = (extra: Partial<Preset>): Preset => ({
  presetId: 'p1',
  title: 'Mine',
  user: 'u1',
  endpoint: 'openAI',
  defaultPreset: true,
  order: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const spec = (name: string, extra: Partial<ModelSpec> = {}): ModelSpec => ({
  name,
  label: name,
  preset: { endpoint: 'openAI' },
  ...extra,
});

describe('new conversation default (SPEC §4)', () => {
  it('takes the configured default spec first', () => {
    const specs = { enforce: false, prioritize: true, list: [spec('a', { default: true })] };
    expect(pickNewConversationDefault(specs, [preset({})], available)).toEqual({ spec: specs.list[0] });
  });

  it('applies the default preset only when its endpoint is enabled here', () => {
    expect(pickNewConversationDefault(undefined, [preset({})], available)).toEqual({ preset: preset({}) });
    expect(pickNewConversationDefault(undefined, [preset({ endpoint: 'anthropic' })], available)).toBeNull();
    expect(pickNewConversationDefault(undefined, [preset({ defaultPreset: false })], available)).toBeNull();
  });

  it('falls back to the first built-in preset marked default, when no spec is default', () => {
    const builtIns = availableBuiltIns(endpoints, available.models).map((entry) => ({
      ...entry,
      default: true,
    }));
    expect(pickNewConversationDefault(undefined, [], available, builtIns)).toEqual({ spec: builtIns[0] });
    // The shipped built-ins are not marked default: nothing changes for a deployment that has them.
    expect(pickNewConversationDefault(undefined, [], available)).toBeNull();
    const enforced = { enforce: true, prioritize: true, list: [spec('a')] };
    expect(pickNewConversationDefault(enforced, [], available, builtIns)).toBeNull();
  });
});
