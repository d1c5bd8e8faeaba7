import { describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';
import { FILE_CONTEXTS, FILE_SOURCES } from '@parley/shared/schemas/file';
import { contextKey, sourceKey, usageFigures } from './file-words';

describe('file words', () => {
  it('has an English phrase for every storage and context', () => {
    const phrases: Record<string, string> = en;
    for (const source of FILE_SOURCES) expect(phrases[sourceKey(source)], source).toBeTruthy();
    for (const context of FILE_CONTEXTS) expect(phrases[contextKey(context) ?? ''], context).toBeTruthy();
    expect(phrases[sourceKey('local')]).toBe('Stored on this server');
    expect(phrases[contextKey('message_attachment') ?? '']).toBe('Attached to a message');
    expect(contextKey(null)).toBeNull();
  });

  it('shows usage in MB, never 0 for a few bytes', () => {
    expect(usageFigures(0, null)).toEqual({ used: '0' });
    expect(usageFigures(10, 10 * 1_048_576)).toEqual({ used: '0.01', limit: '10' });
    expect(usageFigures(1_572_864, 104_857_600)).toEqual({ used: '1.5', limit: '100' });
  });
});
