import { describe, expect, it } from 'vitest';
import { fileContentLink } from './file-link';

describe('fileContentLink', () => {
  it('keeps the server content links', () => {
    expect(fileContentLink('/api/files/content/f1?sig=abc&exp=1')).toBe(
      '/api/files/content/f1?sig=abc&exp=1',
    );
  });

  it('refuses anything else', () => {
    for (const path of [
      undefined,
      null,
      '',
      'https://evil.example/a.png',
      '//evil.example/api/files/content/x',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/images/u1/a.png',
      'api/files/content/x',
      '/api/files/contentx',
      '/api/files/content/../../logout',
      '/api/files/content/%2e%2e/%2e%2e/logout',
      '/api/files/content/..\\..\\logout',
    ]) {
      expect(fileContentLink(path), String(path)).toBeNull();
    }
  });
});
