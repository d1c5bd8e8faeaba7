import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLimiter, processAvatar, processChatImage, TOO_MANY_PIXELS } from './images';

const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describe('image processing limits', () => {
  it('refuses an image above 30 megapixels with a clear 400', async () => {
    const huge = await solidPng(6000, 6000);
    await expect(processChatImage(huge, 'openAI', 'png')).rejects.toMatchObject({
      status: 400,
      message: TOO_MANY_PIXELS,
    });
    await expect(processAvatar(huge, 'png')).rejects.toMatchObject({ status: 400, message: TOO_MANY_PIXELS });
  }, 30_000);

  it('still processes an ordinary image', async () => {
    const image = await processChatImage(await solidPng(1000, 800), 'openAI', 'png');
    expect({ width: image.width, height: image.height }).toEqual({ width: 960, height: 768 });
  });

  it('runs at most the limiter’s number of jobs at once, and all of them', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const job = (value: number) =>
      limit(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve)); // the others start meanwhile, if allowed
        running -= 1;
        if (value === 3) throw new Error('boom');
        return value;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(job));
    expect(most).toBe(2);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
