import { oauthLoginPath } from '@parley/shared/api/paths';
import type { SocialProvider } from '@parley/shared/constants';
import type { StartupConfig } from '@parley/shared/schemas/startup-config';

export interface SocialLoginButton {
  provider: SocialProvider;
  href: string;
  /** Only the openid button has a configured label and image (SPEC §2 Login). */
  label?: string;
  imageUrl?: string;
}

type SocialConfig = Pick<
  StartupConfig,
  | 'socialLoginEnabled'
  | 'socialLogins'
  | 'serverDomain'
  | 'openidLabel'
  | 'openidImageUrl'
  | `${SocialProvider}LoginEnabled`
>;

/** The social sign-in buttons to show: enabled providers, in the configured `socialLogins` order. */
export function socialLoginButtons(config: SocialConfig): SocialLoginButton[] {
  if (!config.socialLoginEnabled) return [];
  const serverDomain = config.serverDomain.replace(/\/+$/, '');
  const seen = new Set<SocialProvider>();
  const buttons: SocialLoginButton[] = [];
  for (const provider of config.socialLogins) {
    if (seen.has(provider) || !config[`${provider}LoginEnabled`]) continue;
    seen.add(provider);
    const href = `${serverDomain}${oauthLoginPath(provider)}`;
    buttons.push(
      provider === 'openid'
        ? { provider, href, label: config.openidLabel, imageUrl: config.openidImageUrl || undefined }
        : { provider, href },
    );
  }
  return buttons;
}
