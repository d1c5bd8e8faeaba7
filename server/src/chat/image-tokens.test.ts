import { describe, expect, it } from 'vitest';
import { imageTokens, MAX_IMAGE_TOKENS } from './image-tokens';

describe('imageTokens', () => {
  it('charges 85 for low detail whatever the size', () => {
    expect(imageTokens(4096, 4096, 'low')).toBe(85);
    expect(imageTokens(null, null, 'low')).toBe(85);
  });

  it('counts 512-px tiles after fitting 2048 and a 768 short side (OpenAI examples)', () => {
    expect(imageTokens(1024, 1024, 'high')).toBe(85 + 170 * 4);
    expect(imageTokens(2048, 4096, 'high')).toBe(85 + 170 * 6);
    expect(imageTokens(100, 100, 'auto')).toBe(85 + 170);
    expect(imageTokens(600, 300, 'auto')).toBe(85 + 170 * 2);
  });

  it('assumes the most an image can cost when its size is unknown', () => {
    expect(imageTokens(undefined, 300, 'high')).toBe(MAX_IMAGE_TOKENS);
    expect(MAX_IMAGE_TOKENS).toBe(85 + 170 * 8);
  });
});
