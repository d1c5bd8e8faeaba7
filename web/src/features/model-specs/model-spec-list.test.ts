import { describe, expect, it } from 'vitest';
import type { ModelSpec } from '@parley/shared/schemas/startup-config';
import { defaultSpec, orderedSpecs } from './model-spec-list';

const spec = (name: string, extra: Partial<ModelSpec> = {}): ModelSpec => ({
  name,
  label: name,
  preset: { endpoint: 'openAI' },
  ...extra,
});

describe('model specs', () => {
  it('orders by `order`, unordered last in listed order', () => {
    const list = [spec('a'), spec('b', { order: 2 }), spec('c', { order: 1 }), spec('d')];
    expect(orderedSpecs({ enforce: false, prioritize: true, list }).map((s) => s.name)).toEqual([
      'c',
      'b',
      'a',
      'd',
    ]);
  });

  it('finds the default spec, or none', () => {
    const list = [spec('a'), spec('b', { default: true })];
    expect(defaultSpec({ enforce: false, prioritize: true, list })?.name).toBe('b');
    expect(defaultSpec({ enforce: false, prioritize: true, list: [spec('a')] })).toBeUndefined();
    expect(defaultSpec(undefined)).toBeUndefined();
  });
});
