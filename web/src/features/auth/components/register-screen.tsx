import { useTranslation } from 'react-i18next';
import type { StartupConfig } from '@parley/shared/schemas/startup-config';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { useAuthText } from '../hooks/use-auth-text';
import { AuthConfigLoading } from './auth-config-loading';
import { AuthFooterLink } from './auth-footer-link';
import { AuthHeading } from './auth-heading';
import { RegisterForm } from './register-form';
import { SocialSection } from './social-section';

interface RegisterScreenProps {
  config: StartupConfig | undefined;
  configPending: boolean;
}

/** SPEC §2 Registration: heading, error banner, form, link to login, social buttons. */
export function RegisterScreen({ config, configPending }: RegisterScreenProps) {
  const { t } = useTranslation();
  const authText = useAuthText();
  const register = useRegister();
  if (configPending) return <AuthConfigLoading />;

  // SPEC §8 Registration: the generic text plus what the server said (field problems show at their inputs).
  const error = register.error;
  const serverMessage = error instanceof ApiError && !error.fields ? authText(error.message) : '';

  return (
    <>
      <AuthHeading title={t('com_auth_create_account')} />
      {register.isError && (
        <div className="mb-5">
          <Alert variant="error">
            {t('com_auth_error_create')} {serverMessage}
          </Alert>
        </div>
      )}
      <RegisterForm
        pending={register.isPending}
        onSubmit={(body, showFieldErrors) => register.mutate(body, { onError: showFieldErrors })}
      />
      <AuthFooterLink text={t('com_auth_have_account')} linkText={t('com_auth_login')} to="/login" />
      <SocialSection config={config} divider />
    </>
  );
}
