import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StartupConfig } from '@parley/shared/schemas/startup-config';
import type { LoginChallenge } from '@parley/shared/schemas/two-factor';
import { Alert } from '../../../components/ui/alert';
import { useLogin } from '../api/login';
import { useAuthStore } from '../store';
import { loginErrorKey, oauthErrorKey } from '../error-messages';
import { AuthConfigLoading } from './auth-config-loading';
import { AuthFooterLink } from './auth-footer-link';
import { AuthHeading } from './auth-heading';
import { LoginForm } from './login-form';
import { SocialSection } from './social-section';
import { TwoFactorStep } from './two-factor-step';

interface LoginScreenProps {
  /** The startup config; undefined while loading or if it could not be loaded (then email login shows). */
  config: StartupConfig | undefined;
  configPending: boolean;
}

/**
 * SPEC §2 Login: heading, error banner, email form, sign-up link, social buttons; then, for an account with
 * two-factor sign-in (or one that must set it up), the second step.
 */
export function LoginScreen({ config, configPending }: LoginScreenProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const login = useLogin(setChallenge);
  const authError = useAuthStore((state) => state.authError);
  if (configPending) return <AuthConfigLoading />;
  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onBack={() => {
          setChallenge(null);
          login.reset();
        }}
      />
    );
  }

  // A failed social login comes back as /login?error=…; a new attempt replaces that banner.
  const oauthError = searchParams.get('error');
  const errorKey =
    login.status === 'error'
      ? loginErrorKey(login.error)
      : login.status === 'idle' && oauthError
        ? oauthErrorKey(oauthError)
        : login.status === 'idle' && authError
          ? 'com_auth_error_session_expired'
          : null;
  const emailLogin = config?.emailLoginEnabled !== false;

  return (
    <>
      <AuthHeading title={t('com_auth_welcome_back')} />
      {errorKey && (
        <div className="mb-5">
          <Alert variant="error">{t(errorKey)}</Alert>
        </div>
      )}
      {emailLogin && <LoginForm pending={login.isPending} onSubmit={(body) => login.mutate(body)} />}
      {config?.registrationEnabled !== false && (
        <AuthFooterLink text={t('com_auth_no_account')} linkText={t('com_auth_sign_up')} to="/register" />
      )}
      <SocialSection config={config} divider={emailLogin} />
    </>
  );
}
