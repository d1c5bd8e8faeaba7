import { describe, expect, it } from 'vitest';
import { socialLoginButtons } from './social-providers';

const config = {
  socialLoginEnabled: true,
  socialLogins: ['github', 'google', 'openid', 'discord', 'facebook'] as const,
  serverDomain: 'https://chat.example.com/',
  openidLabel: 'Company SSO',
  openidImageUrl: 'https://sso.example.com/logo.svg',
  googleLoginEnabled: true,
  facebookLoginEnabled: false,
  githubLoginEnabled: true,
  discordLoginEnabled: false,
  openidLoginEnabled: true,
};

describe('socialLoginButtons', () => {
  it('lists the enabled providers in socialLogins order, each pointing at {serverDomain}/oauth/{provider}', () => {
    expect(socialLoginButtons({ ...config, socialLogins: [...config.socialLogins] })).toEqual([
      { provider: 'github', href: 'https://chat.example.com/oauth/github' },
      { provider: 'google', href: 'https://chat.example.com/oauth/google' },
      {
        provider: 'openid',
        href: 'https://chat.example.com/oauth/openid',
        label: 'Company SSO',
        imageUrl: 'https://sso.example.com/logo.svg',
      },
    ]);
  });

  it('shows none when social login is off', () => {
    expect(socialLoginButtons({ ...config, socialLogins: ['google'], socialLoginEnabled: false })).toEqual(
      [],
    );
  });

  it('leaves out providers the config does not list, and lists each once', () => {
    expect(
      socialLoginButtons({ ...config, socialLogins: ['google', 'google'] }).map((b) => b.provider),
    ).toEqual(['google']);
  });

  it('gives the openid button no image when none is configured', () => {
    const [openid] = socialLoginButtons({ ...config, socialLogins: ['openid'], openidImageUrl: '' });
    expect(openid).toEqual({
      provider: 'openid',
      href: 'https://chat.example.com/oauth/openid',
      label: 'Company SSO',
      imageUrl: undefined,
    });
  });
});
