import { describe, expect, it } from 'vitest';
import { yamlConfigSchema } from '../config/yaml-schema';
import { temporaryChatRetentionMs } from './retention';

const withRetention = (value: unknown) =>
  yamlConfigSchema.safeParse({ version: '1.0.8', interface: { temporaryChatRetention: value } });

describe('interface.temporaryChatRetention', () => {
  it('takes 1 to 8760 whole hours, default 720', () => {
    for (const hours of [1, 24, 8760]) {
      const parsed = withRetention(hours);
      expect(parsed.success).toBe(true);
      expect(temporaryChatRetentionMs(parsed.data)).toBe(hours * 3_600_000);
    }
    expect(temporaryChatRetentionMs(undefined)).toBe(720 * 3_600_000);
    expect(temporaryChatRetentionMs(yamlConfigSchema.parse({ version: '1.0.8' }))).toBe(720 * 3_600_000);
  });

  it('refuses 0, 8761, 1.5 and text with a message naming the limit', () => {
    const messages = [0, 8761, 1.5, 'a week'].map((value) => withRetention(value).error?.issues[0]?.message);
    expect(messages).toEqual([
      'must be at least 1 hour',
      'must be at most 8760 hours (one year)',
      'must be a whole number of hours',
      'must be a number of hours',
    ]);
  });
});
