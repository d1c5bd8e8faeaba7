import { describe, expect, it } from 'vitest';
import { inferMimeType, isImageType, isTextLikeType, normalizeMimeType } from './mime-types';

describe('inferMimeType', () => {
  it('keeps the browser type for an extension it does not know', () => {
    expect(inferMimeType('notes.weird', 'text/plain')).toBe('text/plain');
  });

  it('uses the extension map when the browser type is missing or different', () => {
    expect(inferMimeType('main.ts', 'video/mp2t')).toBe('application/typescript');
    expect(inferMimeType('script.py', '')).toBe('text/x-python');
    expect(inferMimeType('REPORT.PDF', undefined)).toBe('application/pdf');
    expect(inferMimeType('data.csv', 'application/octet-stream')).toBe('text/csv');
  });

  it('cannot tell the type of a file without extension or type', () => {
    expect(inferMimeType('README', '')).toBeUndefined();
    expect(inferMimeType('blob', 'application/octet-stream')).toBeUndefined();
    expect(inferMimeType('trailing.', null)).toBeUndefined();
  });

  it('normalizes case and parameters', () => {
    expect(normalizeMimeType('Text/Plain; charset=UTF-8')).toBe('text/plain');
    expect(inferMimeType('x.unknown', 'Text/Plain; charset=UTF-8')).toBe('text/plain');
  });
});

describe('isImageType', () => {
  it('accepts jpeg, gif, png and webp only', () => {
    for (const type of ['image/jpeg', 'image/gif', 'image/png', 'image/webp', 'IMAGE/PNG'])
      expect(isImageType(type)).toBe(true);
    for (const type of ['image/svg+xml', 'image/bmp', 'text/html', '', undefined])
      expect(isImageType(type)).toBe(false);
  });
});

describe('isTextLikeType', () => {
  it('knows text, code, json, csv and xml from pdf and office documents', () => {
    for (const type of [
      'text/plain',
      'text/x-python',
      'application/json',
      'text/csv',
      'application/xml',
      'application/typescript',
    ]) {
      expect(isTextLikeType(type), type).toBe(true);
    }
    for (const type of [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/png',
    ]) {
      expect(isTextLikeType(type), type).toBe(false);
    }
  });
});
