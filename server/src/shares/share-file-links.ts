import { createHmac, timingSafeEqual } from 'node:crypto';

/** A link lives 24 to 30 hours: the expiry is rounded up to 6 hours, so a page's links stay cacheable. */
const LINK_LIFE_SECONDS = 24 * 3600;
const LINK_ROUNDING_SECONDS = 6 * 3600;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SHARE_ID = '[A-Za-z0-9_-]{22}';

/** The unsigned path a snapshot stores for a copied file; signed afresh each time the share is read. */
export const shareFilePath = (shareId: string, fileId: string): string =>
  `/api/share/${shareId}/files/${fileId}`;

/** Stored (unsigned) share file paths inside JSON text; never followed by a query in a snapshot. */
const STORED = new RegExp(`/api/share/(${SHARE_ID})/files/(${UUID})(?![?0-9a-f])`, 'g');

export interface ShareFileLinks {
  /** `text` with every stored share file path in it signed (`?exp=…&sig=…`). */
  sign(text: string): string;
  /** Whether `sig` was made by `sign` for this file of this share and `exp` is still ahead. */
  verify(shareId: string, fileId: string, exp: string, sig: string): boolean;
}

/**
 * Capability links to the files of a share: an `<img>` cannot send a bearer token, so the share's JSON (only
 * answered to those who may see the share) hands out links signed with a key derived from JWT_SECRET. They
 * expire, and a revoked or expired share answers 404 whatever the signature.
 */
export function createShareFileLinks(
  jwtSecret: string,
  now: () => number = () => Date.now(),
): ShareFileLinks {
  const key = createHmac('sha256', jwtSecret).update('parley share file links v1').digest();
  const signature = (shareId: string, fileId: string, exp: string) =>
    createHmac('sha256', key).update(`${shareId}.${fileId}.${exp}`).digest().toString('base64url');
  return {
    sign(text) {
      if (!text.includes('/api/share/')) return text;
      const seconds = Math.floor(now() / 1000) + LINK_LIFE_SECONDS;
      const exp = String(Math.ceil(seconds / LINK_ROUNDING_SECONDS) * LINK_ROUNDING_SECONDS);
      return text.replace(
        STORED,
        (path, shareId: string, fileId: string) =>
          `${path}?exp=${exp}&sig=${signature(shareId, fileId, exp)}`,
      );
    },
    verify(shareId, fileId, exp, sig) {
      if (!/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
      if (!timingSafeEqual(Buffer.from(signature(shareId, fileId, exp)), Buffer.from(sig))) return false;
      return Number(exp) * 1000 > now();
    },
  };
}
