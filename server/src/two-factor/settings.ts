import { DEFAULT_APP_TITLE } from '@parley/shared/constants';
import type { AppConfig } from '../config/app-config';
import type { TwoFactorSettings } from './service';

/** `REQUIRE_2FA`, the issuer authenticator apps show (`APP_TITLE`), and the secret temp tokens derive from. */
export function twoFactorSettingsFrom(config: AppConfig): TwoFactorSettings {
  return {
    require: config.env.REQUIRE_2FA,
    issuer: config.env.APP_TITLE ?? DEFAULT_APP_TITLE,
    jwtSecret: config.secrets.jwtSecret,
  };
}
