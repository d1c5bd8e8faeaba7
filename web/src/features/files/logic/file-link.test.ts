import { describe, expect, it } from 'vitest';
import { fileContentLink } from './file-link';

describe('fileContentLink', () => {
  it('keeps the server content links', () => {
    expect(fileContentLink('/api/files/content/f1?sig=abc&exp=1')).toBe(
      '/api/files/content/f1?sig=abc&exp=1',
    );
  });

  it('keeps the links of files copied into a share link', () => {
    const link = '/api/share/AbCdEfGhIjKlMnOpQrStUv/files/0b6f2a4e-8c1d-4e2f-9a3b-5c6d7e8f9a0b?exp=1&sig=x';
    expect(fileContentLink(link)).toBe(link);
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
      '/api/share/AbCdEfGhIjKlMnOpQrStUv/files/../../../logout',
      '/api/share/short/files/0b6f2a4e-8c1d-4e2f-9a3b-5c6d7e8f9a0b',
      '/api/share/AbCdEfGhIjKlMnOpQrStUv/copy',
    ]) {
      expect(fileContentLink(path), String(path)).toBeNull();
    }
  });
});
