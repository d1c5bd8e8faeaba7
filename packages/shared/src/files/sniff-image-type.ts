/** How many leading bytes `sniffImageType` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

const startsWith = (head: Uint8Array, signature: readonly number[], at = 0): boolean =>
  head.length >= at + signature.length && signature.every((byte, index) => head[at + index] === byte);

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

const PNG = [0x89, ...ascii('PNG\r\n'), 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/**
 * The image type the first bytes of a file show (png, jpeg, gif or webp, the types Parley shows inline),
 * whatever its name or declared type say; `undefined` when they are not one of those.
 */
export function sniffImageType(head: Uint8Array): string | undefined {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return 'image/gif';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  return undefined;
}
