// What an image costs in the prompt, by OpenAI's published tile formula (used for every vision endpoint so
// the fit to the context window errs the same way everywhere).
export type ImageDetail = 'low' | 'high' | 'auto';

export const LOW_DETAIL_IMAGE_TOKENS = 85;
export const IMAGE_TILE_TOKENS = 170;
const TILE_SIDE = 512;
const MAX_SIDE = 2048;
const MAX_SHORT_SIDE = 768;

/** The most a high-detail image can cost (2048 × 768 after scaling: 8 tiles), used when its size is unknown. */
export const MAX_IMAGE_TOKENS = LOW_DETAIL_IMAGE_TOKENS + IMAGE_TILE_TOKENS * 8;

/**
 * Low detail: 85. High or auto: scaled to fit 2048 × 2048, then so the short side is at most 768; 85 plus 170
 * per 512-pixel tile.
 */
export function imageTokens(
  width: number | null | undefined,
  height: number | null | undefined,
  detail: ImageDetail,
): number {
  if (detail === 'low') return LOW_DETAIL_IMAGE_TOKENS;
  if (!width || !height || width <= 0 || height <= 0) return MAX_IMAGE_TOKENS;
  const fit = Math.min(1, MAX_SIDE / Math.max(width, height));
  let w = width * fit;
  let h = height * fit;
  const shorten = Math.min(1, MAX_SHORT_SIDE / Math.min(w, h));
  w *= shorten;
  h *= shorten;
  const tiles = Math.ceil(w / TILE_SIDE) * Math.ceil(h / TILE_SIDE);
  return LOW_DETAIL_IMAGE_TOKENS + IMAGE_TILE_TOKENS * tiles;
}
