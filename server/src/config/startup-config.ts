import { APP_VERSION, DEFAULT_APP_TITLE, SOCIAL_PROVIDERS } from '@parley/shared/constants';
import type { InterfaceConfig, StartupConfig } from '@parley/shared/schemas/startup-config';
import type { AppConfig } from './app-config';

const DEFAULT_HELP_URL = 'https://github.com/parley-chat/parley#readme';

/** `GET /api/config` (SPEC §3 "Startup config"), derived from env and YAML. */
export function buildStartupConfig(config: AppConfig, now: Date): StartupConfig {
  const { env, yaml } = config;
  const specList = yaml?.modelSpecs?.list ?? [];
  const modelSpecs = yaml?.modelSpecs
    ? { enforce: yaml.modelSpecs.enforce, prioritize: yaml.modelSpecs.prioritize, list: specList }
    : undefined;
  return {
    appTitle: env.APP_TITLE ?? DEFAULT_APP_TITLE,
    ...(env.CUSTOM_FOOTER !== undefined ? { customFooter: env.CUSTOM_FOOTER } : {}),
    checkBalance: env.CHECK_BALANCE,
    helpAndFaqURL: env.HELP_AND_FAQ_URL ?? DEFAULT_HELP_URL,
    interface: resolveInterface(yaml?.interface, specList.length > 0),
    ...(modelSpecs ? { modelSpecs } : {}),
    socialLogins: yaml?.registration?.socialLogins ?? [...SOCIAL_PROVIDERS],
    googleLoginEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    facebookLoginEnabled: Boolean(env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET),
    githubLoginEnabled: Boolean(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET),
    discordLoginEnabled: Boolean(env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET),
    openidLoginEnabled: Boolean(env.OPENID_ISSUER && env.OPENID_CLIENT_ID && env.OPENID_CLIENT_SECRET),
    openidLabel: env.OPENID_BUTTON_LABEL ?? 'Continue with OpenID',
    ...(env.OPENID_IMAGE_URL ? { openidImageUrl: env.OPENID_IMAGE_URL } : {}),
    serverDomain: config.server.domainServer,
    emailLoginEnabled: env.ALLOW_EMAIL_LOGIN,
    registrationEnabled: env.ALLOW_REGISTRATION,
    socialLoginEnabled: env.ALLOW_SOCIAL_LOGIN,
    emailEnabled: isEmailConfigured(config),
    passwordResetEnabled: isPasswordResetEnabled(config),
    showBirthdayIcon: showBirthdayIcon(env.SHOW_BIRTHDAY_ICON, now),
    sharedLinksEnabled: env.ALLOW_SHARED_LINKS,
    publicSharedLinksEnabled: env.ALLOW_SHARED_LINKS && env.ALLOW_SHARED_LINKS_PUBLIC,
    version: APP_VERSION,
  };
}

/** Email sending is on when a transport and credentials are configured. */
export function isEmailConfigured({ env }: AppConfig): boolean {
  return Boolean(
    (env.EMAIL_SERVICE ?? env.EMAIL_HOST) && env.EMAIL_USERNAME && env.EMAIL_PASSWORD && env.EMAIL_FROM,
  );
}

/** Password reset by email: needs email; `ALLOW_PASSWORD_RESET` (default true with email) can turn it off. */
export function isPasswordResetEnabled(config: AppConfig): boolean {
  return isEmailConfigured(config) && (config.env.ALLOW_PASSWORD_RESET ?? true);
}

function resolveInterface(
  fromYaml: NonNullable<AppConfig['yaml']>['interface'],
  hasModelSpecs: boolean,
): InterfaceConfig {
  // With model specs configured, the free-form choosers default to off (config 1.0.8).
  const fallback = !hasModelSpecs;
  return {
    endpointsMenu: fromYaml?.endpointsMenu ?? fallback,
    modelSelect: fromYaml?.modelSelect ?? fallback,
    parameters: fromYaml?.parameters ?? fallback,
    presets: fromYaml?.presets ?? fallback,
    // SPEC §9 lists sidePanel among the toggles that default on; it holds files and the model, not a chooser.
    sidePanel: fromYaml?.sidePanel ?? true,
    ...(fromYaml?.privacyPolicy ? { privacyPolicy: fromYaml.privacyPolicy } : {}),
    ...(fromYaml?.termsOfService ? { termsOfService: fromYaml.termsOfService } : {}),
  };
}

/** On the product's birthday (11 February), or when SHOW_BIRTHDAY_ICON is set to true or empty. */
function showBirthdayIcon(setting: string | undefined, now: Date): boolean {
  if (setting !== undefined) return setting === '' || setting.trim().toLowerCase() === 'true';
  return now.getMonth() === 1 && now.getDate() === 11;
}
