import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLinkSigner } from './signed-link';

describe('createLinkSigner', () => {
  const signer = createLinkSigner('a-secret-of-enough-length-for-tests');

  it('accepts only the one spelling of a signature, not the same bytes written otherwise', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < 20; i++) {
      const fileId = randomUUID();
      const sig = signer.link(fileId).split('?sig=')[1] ?? '';
      expect(signer.verify(fileId, sig)).toBe(true);
      // The last character's two lowest bits are padding: the next character decodes to the same bytes.
      const last = alphabet.indexOf(sig.at(-1) ?? 'A');
      const respelled = `${sig.slice(0, -1)}${alphabet[last + 1] ?? 'A'}`;
      expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
      expect(signer.verify(fileId, respelled)).toBe(false);
    }
  });

  it('reads back the file id of its own links only', () => {
    const fileId = randomUUID();
    const link = signer.link(fileId);
    expect(signer.fileIdOf(link)).toBe(fileId);
    expect(createLinkSigner('another-secret-entirely-different').fileIdOf(link)).toBeUndefined();
    const [path, sig = ''] = link.split('?sig=');
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.fileIdOf(`${path}?sig=${flipped}`)).toBeUndefined();
    expect(signer.fileIdOf(`https://evil.example${link}`)).toBeUndefined();
    expect(signer.fileIdOf(`${link}&x=1`)).toBeUndefined();
    for (const other of [null, undefined, '', 'https://img.example/a.png', path]) {
      expect(signer.fileIdOf(other)).toBeUndefined();
    }
  });
});
