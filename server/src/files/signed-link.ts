import { createHmac, timingSafeEqual } from 'node:crypto';
import { paths } from '@parley/shared/api/paths';

/** Signs and checks the capability links every file's `filepath` holds. */
export interface LinkSigner {
  /** `/api/files/content/<fileId>?sig=<signature>`. */
  link(fileId: string): string;
  /** Whether `signature` is the one for `fileId` (constant time). */
  verify(fileId: string, signature: string): boolean;
  /** The file id of a link this signer made (path and valid signature), else undefined. */
  fileIdOf(link: string | null | undefined): string | undefined;
}

const LINK = new RegExp(
  `^${paths.filesContent.replace(':fileId', '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})')}\\?sig=([A-Za-z0-9_-]{43})$`,
);

/**
 * Links signed with HMAC-SHA256 under a key derived from JWT_SECRET (never the secret itself), so an
 * `<img>` can load a file without a bearer header while nobody can make a link to a file they were not given.
 */
export function createLinkSigner(jwtSecret: string): LinkSigner {
  const key = createHmac('sha256', jwtSecret).update('parley file content links v1').digest();
  const sign = (fileId: string): Buffer => createHmac('sha256', key).update(fileId).digest();
  // Compared as text, not decoded: the last of 43 base64url characters carries two unused bits, so decoding
  // would accept four spellings of every signature.
  const verify = (fileId: string, signature: string): boolean => {
    if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
    return timingSafeEqual(Buffer.from(sign(fileId).toString('base64url')), Buffer.from(signature));
  };
  return {
    link: (fileId) =>
      `${paths.filesContent.replace(':fileId', encodeURIComponent(fileId))}?sig=${sign(fileId).toString('base64url')}`,
    verify,
    fileIdOf(link) {
      const [, fileId, signature] = LINK.exec(link ?? '') ?? [];
      return fileId && signature && verify(fileId, signature) ? fileId : undefined;
    },
  };
}
