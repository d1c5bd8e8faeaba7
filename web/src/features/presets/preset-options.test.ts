import { describe, expect, it } from 'vitest';
import type { Preset } from '@parley/shared/schemas/preset';
import { activePreset, presetMatches } from './preset-options';

const preset = (presetId: string, fields: Partial<Preset>): Preset => ({
  presetId,
  title: presetId,
  user: 'u1',
  endpoint: 'openAI',
  defaultPreset: false,
  order: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('presetMatches', () => {
  const creative = preset('creative', { model: 'gpt-4o', temperature: 1.2, stop: ['END'] });

  it('matches while the conversation has the preset’s endpoint and every option it sets', () => {
    expect(
      presetMatches(creative, {
        endpoint: 'openAI',
        model: 'gpt-4o',
        temperature: 1.2,
        stop: ['END'],
        top_p: 1,
      }),
    ).toBe(true);
  });

  it('stops matching once one of its options changed, or on another endpoint', () => {
    expect(
      presetMatches(creative, { endpoint: 'openAI', model: 'gpt-4o', temperature: 0.7, stop: ['END'] }),
    ).toBe(false);
    expect(
      presetMatches(creative, { endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 1.2, stop: ['END'] }),
    ).toBe(false);
    expect(
      presetMatches(creative, { endpoint: 'google', model: 'gpt-4o', temperature: 1.2, stop: ['END'] }),
    ).toBe(false);
  });

  it('a preset without an endpoint fits any; one that sets nothing matches nothing', () => {
    expect(
      presetMatches(preset('any', { endpoint: null, model: 'm' }), { endpoint: 'google', model: 'm' }),
    ).toBe(true);
    expect(presetMatches(preset('empty', {}), { endpoint: 'openAI', model: 'm' })).toBe(false);
  });
});

describe('activePreset', () => {
  it('names the default among presets that match, else the first, else none', () => {
    const a = preset('a', { model: 'm' });
    const b = preset('b', { model: 'm', defaultPreset: true });
    const c = preset('c', { model: 'other' });
    expect(activePreset([a, b, c], { endpoint: 'openAI', model: 'm' })?.presetId).toBe('b');
    expect(activePreset([a, c], { endpoint: 'openAI', model: 'm' })?.presetId).toBe('a');
    expect(activePreset([c], { endpoint: 'openAI', model: 'm' })).toBeNull();
    expect(activePreset([a], null)).toBeNull();
  });
});
