import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../lib/errors';

export type ImageOutputType = 'png' | 'webp' | 'jpeg';

export interface ProcessedImage {
  bytes: Buffer;
  /** `image/png`, `image/webp` or `image/jpeg`. */
  type: string;
  width: number;
  height: number;
}

/** Formats Parley accepts as images: what browsers show and sharp decodes safely (never SVG). */
const READABLE_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
/** Refuses decompression bombs before decoding: 100 megapixels is far above any photo a chat needs. */
const MAX_INPUT_PIXELS = 100_000_000;
const SHORT_SIDE_MAX = 768;
const LONG_SIDE_MAX = 2000;
/** Anthropic's vision models scale anything longer down themselves; sending more only costs. */
const ANTHROPIC_LONG_SIDE_MAX = 1568;
export const AVATAR_SIZE = 150;

export const NOT_AN_IMAGE = 'The file is not an image Parley can read (png, jpeg, gif or webp).';

/** An image's bytes, or the path of a (temporary) file holding them, which sharp reads without buffering. */
export type ImageSource = Buffer | string;

const open = (source: ImageSource) => sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/** Width and height as displayed, after the EXIF orientation. Throws a 400 for anything but a readable image. */
async function orientedSize(source: ImageSource): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await open(source).metadata();
  } catch (error) {
    throw new AppError(400, NOT_AN_IMAGE, { cause: error });
  }
  const { format, width, height } = metadata;
  if (!READABLE_FORMATS.has(format) || !width || !height) throw new AppError(400, NOT_AN_IMAGE);
  if (width * height > MAX_INPUT_PIXELS) throw new AppError(400, 'The image has too many pixels.');
  const turned = (metadata.orientation ?? 1) >= 5;
  return turned ? { width: height, height: width } : { width, height };
}

/** The size an image is stored at: short side ≤ 768 px, long side ≤ 2000 px (1568 for anthropic), never enlarged. */
export function targetSize(
  width: number,
  height: number,
  endpoint: string,
): { width: number; height: number } {
  const longMax = endpoint === 'anthropic' ? ANTHROPIC_LONG_SIDE_MAX : LONG_SIDE_MAX;
  const scale = Math.min(1, SHORT_SIDE_MAX / Math.min(width, height), longMax / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

async function encode(pipeline: Sharp, output: ImageOutputType): Promise<ProcessedImage> {
  try {
    const { data, info } = await pipeline.toFormat(output).toBuffer({ resolveWithObject: true });
    return { bytes: data, type: `image/${output}`, width: info.width, height: info.height };
  } catch (error) {
    throw new AppError(400, NOT_AN_IMAGE, { cause: error });
  }
}

/** A chat image: EXIF-rotated, scaled down for the endpoint, converted to the configured type. */
export async function processChatImage(
  source: ImageSource,
  endpoint: string,
  output: ImageOutputType,
): Promise<ProcessedImage> {
  const size = await orientedSize(source);
  const target = targetSize(size.width, size.height, endpoint);
  return encode(open(source).rotate().resize(target.width, target.height, { fit: 'fill' }), output);
}

/** An avatar: the centred square of the image, 150 px wide, converted to the configured type. */
export async function processAvatar(source: ImageSource, output: ImageOutputType): Promise<ProcessedImage> {
  await orientedSize(source);
  return encode(
    open(source).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' }),
    output,
  );
}
