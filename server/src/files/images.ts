import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../lib/errors';
import { lazyModule } from '../lib/lazy-module';

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
/** Refuses decompression bombs before decoding: 30 megapixels is above any photo a chat needs. */
export const MAX_INPUT_PIXELS = 30_000_000;
/** How many images are decoded at once in this process; the rest wait their turn. */
const MAX_CONCURRENT_JOBS = 2;
const SHORT_SIDE_MAX = 768;
const LONG_SIDE_MAX = 2000;
/** Anthropic's vision models scale anything longer down themselves; sending more only costs. */
const ANTHROPIC_LONG_SIDE_MAX = 1568;
export const AVATAR_SIZE = 150;

export const NOT_AN_IMAGE = 'The file is not an image Parley can read (png, jpeg, gif or webp).';

/** An image's bytes, or the path of a (temporary) file holding them, which sharp reads without buffering. */
export type ImageSource = Buffer | string;

/**
 * sharp (a native module with libvips) is loaded with the first image, not at start (docs/decisions.md "Idle
 * memory"); decoded images are not kept around between requests.
 */
const sharpModule = lazyModule(async () => {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  return sharp;
});

/** A counting semaphore: at most `limit` jobs run at once, the others queue in order. */
export function createLimiter(limit: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (job) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const imageJob = createLimiter(MAX_CONCURRENT_JOBS);

export const TOO_MANY_PIXELS = `The image has too many pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted.`;

const open = (source: ImageSource) =>
  sharpModule.loaded()(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });

/** Width and height as displayed, after the EXIF orientation. Throws a 400 for anything but a readable image. */
async function orientedSize(source: ImageSource): Promise<{ width: number; height: number }> {
  const sharp = await sharpModule.load();
  let metadata: Metadata;
  try {
    // Only the header is read here (no pixel is decoded), so the size is checked below with a clear message.
    metadata = await sharp(source, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch (error) {
    throw new AppError(400, NOT_AN_IMAGE, { cause: error });
  }
  const { format, width, height } = metadata;
  if (!READABLE_FORMATS.has(format) || !width || !height) throw new AppError(400, NOT_AN_IMAGE);
  if (width * height > MAX_INPUT_PIXELS) throw new AppError(400, TOO_MANY_PIXELS);
  const turned = (metadata.orientation ?? 1) >= 5;
  return turned ? { width: height, height: width } : { width, height };
}

/** Width and height of a png, jpeg, gif or webp image; undefined for anything else (SVG included). */
export async function readableImageSize(
  source: ImageSource,
): Promise<{ width: number; height: number } | undefined> {
  try {
    return await orientedSize(source);
  } catch {
    return undefined;
  }
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
export function processChatImage(
  source: ImageSource,
  endpoint: string,
  output: ImageOutputType,
): Promise<ProcessedImage> {
  return imageJob(async () => {
    const size = await orientedSize(source);
    const target = targetSize(size.width, size.height, endpoint);
    return encode(open(source).rotate().resize(target.width, target.height, { fit: 'fill' }), output);
  });
}

/** Longest side a generated image is kept at (DALL·E 3 makes 1792 px). */
const GENERATED_LONG_SIDE_MAX = 2048;

/** An image a tool generated: checked like an upload, kept at its size (up to 2048 px), in the configured type. */
export function processGeneratedImage(source: ImageSource, output: ImageOutputType): Promise<ProcessedImage> {
  return imageJob(async () => {
    await orientedSize(source);
    return encode(
      open(source).rotate().resize(GENERATED_LONG_SIDE_MAX, GENERATED_LONG_SIDE_MAX, {
        fit: 'inside',
        withoutEnlargement: true,
      }),
      output,
    );
  });
}

/** An avatar: the centred square of the image, 150 px wide, converted to the configured type. */
export function processAvatar(source: ImageSource, output: ImageOutputType): Promise<ProcessedImage> {
  return imageJob(async () => {
    await orientedSize(source);
    return encode(
      open(source).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' }),
      output,
    );
  });
}
