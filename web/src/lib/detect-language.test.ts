import { describe, expect, it } from 'vitest';
import { detectLanguage, isRtl, parseLanguagePreference, resolveLanguage } from './detect-language';

describe('detectLanguage', () => {
  it('takes an exact match, ignoring case and underscores', () => {
    expect(detectLanguage(['de-DE'])).toBe('de-DE');
    expect(detectLanguage(['pt_br'])).toBe('pt-BR');
  });

  it('maps a bare or regional tag to the language Parley has', () => {
    expect(detectLanguage(['fr'])).toBe('fr-FR');
    expect(detectLanguage(['en-GB'])).toBe('en-US');
    expect(detectLanguage(['pt-PT'])).toBe('pt-BR');
    expect(detectLanguage(['ar-SA'])).toBe('ar-EG');
  });

  it('tells traditional from simplified Chinese', () => {
    expect(detectLanguage(['zh-TW'])).toBe('zh-TC');
    expect(detectLanguage(['zh-Hant-HK'])).toBe('zh-TC');
    expect(detectLanguage(['zh'])).toBe('zh-CN');
    expect(detectLanguage(['zh-Hans-CN'])).toBe('zh-CN');
  });

  it('accepts he and the legacy iw for Hebrew', () => {
    expect(detectLanguage(['he'])).toBe('he-HE');
    expect(detectLanguage(['iw-IL'])).toBe('he-HE');
  });

  it('walks the browser list in order and skips languages it does not have', () => {
    expect(detectLanguage(['eu', 'xx', 'ja', 'de'])).toBe('ja-JP');
  });

  it('falls back to English', () => {
    expect(detectLanguage([])).toBe('en-US');
    expect(detectLanguage(['eu-ES', ''])).toBe('en-US');
  });
});

describe('resolveLanguage', () => {
  it('prefers an explicit choice over the browser', () => {
    expect(resolveLanguage('ko-KR', ['de-DE'])).toBe('ko-KR');
  });

  it('detects from the browser for auto', () => {
    expect(resolveLanguage('auto', ['sv-SE', 'en-US'])).toBe('sv-SE');
  });
});

describe('parseLanguagePreference', () => {
  it('reads a known code, else auto', () => {
    expect(parseLanguagePreference('vi-VN')).toBe('vi-VN');
    expect(parseLanguagePreference('auto')).toBe('auto');
    expect(parseLanguagePreference(null)).toBe('auto');
    expect(parseLanguagePreference('klingon')).toBe('auto');
  });
});

describe('isRtl', () => {
  it('is true only for Arabic and Hebrew', () => {
    expect(isRtl('ar-EG')).toBe(true);
    expect(isRtl('he-HE')).toBe(true);
    expect(isRtl('en-US')).toBe(false);
    expect(isRtl('fr-FR')).toBe(false);
  });
});
