import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFileLinks, LINK_LIFE_SECONDS, type LinkOwner } from './signed-link';

const SECRET = 'a-secret-of-enough-length-for-tests';
const owner: LinkOwner = { id: randomUUID(), passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA' };

const partsOf = (link: string) => {
  const url = new URL(link, 'http://x');
  return {
    fileId: url.pathname.split('/').at(-1) ?? '',
    exp: url.searchParams.get('exp') ?? '',
    sig: url.searchParams.get('sig') ?? '',
  };
};

describe('createFileLinks', () => {
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const links = createFileLinks(SECRET, () => clock);

  it('accepts only the one spelling of a signature, not the same bytes written otherwise', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < 20; i++) {
      const parts = partsOf(links.forOwner(owner).link(randomUUID()));
      expect(links.check(parts, owner)).toBe('valid');
      // The last character's two lowest bits are padding: the next character decodes to the same bytes.
      const last = alphabet.indexOf(parts.sig.at(-1) ?? 'A');
      const respelled = `${parts.sig.slice(0, -1)}${alphabet[last + 1] ?? 'A'}`;
      expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(parts.sig, 'base64url'));
      expect(links.check({ ...parts, sig: respelled }, owner)).toBe('invalid');
    }
  });

  it('expires: valid for at least a day, expired within 30 hours, and a later expiry cannot be written in', () => {
    const parts = partsOf(links.forOwner(owner).link(randomUUID()));
    const start = clock;
    clock = start + (LINK_LIFE_SECONDS - 60) * 1000;
    expect(links.check(parts, owner)).toBe('valid');
    clock = start + 30 * 3600 * 1000;
    expect(links.check(parts, owner)).toBe('expired');
    expect(links.check({ ...parts, exp: String(Number(parts.exp) + 86_400) }, owner)).toBe('invalid');
    clock = start;
  });

  it('is bound to its owner and their password: another user or a new password makes it invalid', () => {
    const parts = partsOf(links.forOwner(owner).link(randomUUID()));
    expect(links.check(parts, { ...owner, id: randomUUID() })).toBe('invalid');
    expect(links.check(parts, { ...owner, passwordHash: '$argon2id$v=19$other' })).toBe('invalid');
    expect(createFileLinks('another-secret-entirely-different').check(parts, owner)).toBe('invalid');
  });

  it('re-signs its own links in a text, both shapes, and leaves anything else alone', () => {
    const fileId = randomUUID();
    const old = `/api/files/content/${fileId}?sig=${'A'.repeat(43)}`;
    const current = links.forOwner(owner).link(fileId);
    const text = JSON.stringify({ a: old, b: `![x](${current}) and https://img.example/a.png?sig=1` });
    clock += 7 * 24 * 3600 * 1000;
    const signer = links.forOwner(owner);
    const relinked = links.relink(text, signer);
    const fresh = signer.link(fileId);
    expect(relinked).toBe(
      JSON.stringify({ a: fresh, b: `![x](${fresh}) and https://img.example/a.png?sig=1` }),
    );
    expect(links.check(partsOf(fresh), owner)).toBe('valid');
    expect(links.fileIdOf(fresh)).toBe(fileId);
    expect(links.fileIdOf(old)).toBe(fileId);
    for (const other of [null, undefined, '', 'https://img.example/a.png', `https://evil.example${fresh}`]) {
      expect(links.fileIdOf(other)).toBeUndefined();
    }
  });
});
