import { describe, expect, it } from 'vitest';
import { applyBodyOverrides } from './apply-body-overrides';

describe('applyBodyOverrides', () => {
  it('adds and replaces fields from addParams, then removes dropParams', () => {
    const body = { model: 'm', temperature: 1, user: 'u' };

    const result = applyBodyOverrides(body, { temperature: 0, seed: 3, top_k: 5 }, ['user', 'top_k']);

    expect(result).toEqual({ model: 'm', temperature: 0, seed: 3 });
    expect(body).toEqual({ model: 'm', temperature: 1, user: 'u' });
  });
});
