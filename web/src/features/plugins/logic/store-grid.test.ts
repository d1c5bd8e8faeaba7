import { describe, expect, it } from 'vitest';
import { pageCount, searchTools, storeGrid } from './store-grid';

describe('storeGrid', () => {
  it('follows SPEC §2: 8 under 501 px, 2x2 under 640, 3x2 under 1024, 4x2 beyond', () => {
    expect(storeGrid(375)).toEqual({ columns: 1, pageSize: 8 });
    expect(storeGrid(500)).toEqual({ columns: 1, pageSize: 8 });
    expect(storeGrid(501)).toEqual({ columns: 2, pageSize: 4 });
    expect(storeGrid(639)).toEqual({ columns: 2, pageSize: 4 });
    expect(storeGrid(640)).toEqual({ columns: 3, pageSize: 6 });
    expect(storeGrid(1023)).toEqual({ columns: 3, pageSize: 6 });
    expect(storeGrid(1024)).toEqual({ columns: 4, pageSize: 8 });
  });
});

describe('searchTools', () => {
  const plugins = [
    { name: 'Plugin store', isButton: true },
    { name: 'Calculator' },
    { name: 'Google' },
    { name: 'DALL-E-3' },
  ];

  it('matches names in any case and never lists the store entry', () => {
    expect(searchTools(plugins, '').map((p) => p.name)).toEqual(['Calculator', 'Google', 'DALL-E-3']);
    expect(searchTools(plugins, '  dall ').map((p) => p.name)).toEqual(['DALL-E-3']);
    expect(searchTools(plugins, 'store')).toEqual([]);
  });

  it('has at least one page', () => {
    expect(pageCount(0, 8)).toBe(1);
    expect(pageCount(9, 8)).toBe(2);
  });
});
