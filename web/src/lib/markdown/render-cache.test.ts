import { describe, expect, it } from 'vitest';
import { RenderCache } from './render-cache';

describe('RenderCache', () => {
  it('keeps at most its capacity, forgetting the least recently used entry', () => {
    const cache = new RenderCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('c', 3);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('replaces the value of a key set again', () => {
    const cache = new RenderCache<string>(2);
    cache.set('a', 'x');
    cache.set('a', 'y');
    expect(cache.get('a')).toBe('y');
    expect(cache.size).toBe(1);
  });
});
