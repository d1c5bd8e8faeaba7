import { createHmac, timingSafeEqual } from 'node:crypto';
import { paths } from '@parley/shared/api/paths';

/** Makes the capability links of one owner's files. */
export interface LinkSigner {
  /** `/api/files/content/<fileId>?exp=<unix seconds>&sig=<signature>`, valid until `exp`. */
  link(fileId: string): string;
}

/** Whose file: the link is signed under a key of theirs that changes when their password does. */
export interface LinkOwner {
  id: string;
  passwordHash: string | null;
}

/** A link's parts as the content route gets them. */
export interface LinkParts {
  fileId: string;
  exp: string;
  sig: string;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

export interface FileLinks {
  forOwner(owner: LinkOwner): LinkSigner;
  /** `invalid` for a signature not made for this owner's current key; `expired` for a good one past `exp`. */
  check(parts: LinkParts, owner: LinkOwner): LinkCheck;
  /** The file id of a link of ours by its shape alone (the signature is not checked). */
  fileIdOf(link: string | null | undefined): string | undefined;
  /** `text` with every link of ours in it made again by `signer` (a fresh expiry, the current key). */
  relink(text: string, signer: LinkSigner): string;
}

/** A link lives 24 to 30 hours: the expiry is rounded up to 6 hours, so a link stays the same (cacheable) meanwhile. */
export const LINK_LIFE_SECONDS = 24 * 3600;
const LINK_ROUNDING_SECONDS = 6 * 3600;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PREFIX = paths.filesContent.replace(':fileId', '');
/** Ours, in either shape: `?exp=…&sig=…`, or the older `?sig=…` that links stored earlier still have. */
const LINKS = new RegExp(
  `${PREFIX.replaceAll('/', '\\/')}(${UUID})\\?(?:exp=\\d{1,12}&)?sig=[A-Za-z0-9_-]{43}`,
  'g',
);
const WHOLE_LINK = new RegExp(`^${LINKS.source}$`);

/**
 * Links signed with HMAC-SHA256 under a key per owner, derived from JWT_SECRET (never the secret itself), the
 * owner's id and password hash: an `<img>` loads a file without a bearer header, nobody can make a link to a
 * file they were not given, a link stops after its expiry, and every link of a user stops when their
 * password is reset (the argon2 hash, salted afresh, changes). Listing re-signs them.
 */
export function createFileLinks(jwtSecret: string, now: () => number = () => Date.now()): FileLinks {
  const base = createHmac('sha256', jwtSecret).update('parley file content links v2').digest();
  const ownerKey = (owner: LinkOwner) =>
    createHmac('sha256', base)
      .update(`${owner.id}\n${owner.passwordHash ?? ''}`)
      .digest();
  const sign = (key: Buffer, fileId: string, exp: string) =>
    createHmac('sha256', key).update(`${fileId}.${exp}`).digest().toString('base64url');

  const forOwner = (owner: LinkOwner): LinkSigner => {
    const key = ownerKey(owner);
    return {
      link(fileId) {
        const seconds = Math.floor(now() / 1000) + LINK_LIFE_SECONDS;
        const exp = String(Math.ceil(seconds / LINK_ROUNDING_SECONDS) * LINK_ROUNDING_SECONDS);
        return `${PREFIX}${encodeURIComponent(fileId)}?exp=${exp}&sig=${sign(key, fileId, exp)}`;
      },
    };
  };

  return {
    forOwner,
    check({ fileId, exp, sig }, owner) {
      if (!/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return 'invalid';
      // Compared as text, not decoded: the last of 43 base64url characters carries two unused bits, so
      // decoding would accept four spellings of every signature.
      const good = timingSafeEqual(Buffer.from(sign(ownerKey(owner), fileId, exp)), Buffer.from(sig));
      if (!good) return 'invalid';
      return Number(exp) * 1000 <= now() ? 'expired' : 'valid';
    },
    fileIdOf(link) {
      return WHOLE_LINK.exec(link ?? '')?.[1];
    },
    relink(text, signer) {
      return text.includes(PREFIX)
        ? text.replace(LINKS, (_link, fileId: string) => signer.link(fileId))
        : text;
    },
  };
}
