import { describe, expect, it } from 'vitest';
import { installedOnly, parseLastTools, toggleTool } from './selected-tools';

describe('selected tools', () => {
  it('toggles one tool and keeps only installed ones', () => {
    expect(toggleTool(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleTool(['a', 'b'], 'a')).toEqual(['b']);
    expect(installedOnly(['a', 'b'], ['b', 'c'])).toEqual(['b']);
  });

  it('remembers the last tools and ignores anything unreadable', () => {
    expect(parseLastTools(null)).toEqual([]);
    expect(parseLastTools('["calculator"]')).toEqual(['calculator']);
    expect(parseLastTools('{oops')).toEqual([]);
    expect(parseLastTools('[1]')).toEqual([]);
  });
});
