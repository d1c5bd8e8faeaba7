import { describe, expect, it } from 'vitest';
import { RefreshingCache } from './refreshing-cache';

describe('RefreshingCache', () => {
  it('shares one first load between concurrent callers', async () => {
    const cache = new RefreshingCache<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    expect(loads).toBe(1);
  });

  it('answers a stale value at once and reloads it in the background', async () => {
    let now = 0;
    const cache = new RefreshingCache<string>(1_000, () => now);
    let release: (value: string) => void = () => undefined;
    expect(await cache.get('k', () => Promise.resolve('old'))).toBe('old');
    now = 1_000;
    const reload = new Promise<string>((resolve) => {
      release = resolve;
    });
    expect(await cache.get('k', () => reload)).toBe('old');
    release('new');
    await reload;
    expect(await cache.get('k', () => Promise.resolve('unused'))).toBe('new');
  });

  it('rejects a failed first load and keeps the stale value when a reload fails', async () => {
    let now = 0;
    const cache = new RefreshingCache<string>(10, () => now);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', () => Promise.resolve('up'))).toBe('up');
    now = 20;
    expect(await cache.get('k', () => Promise.reject(new Error('down again')))).toBe('up');
  });
});
